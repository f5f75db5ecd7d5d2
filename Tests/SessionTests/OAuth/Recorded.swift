import Foundation
import Session

/// Recorded answers from `Fixtures/oauth/`, fed to a sequence by hand.
enum Recorded {
    /// The answer in `oauth/<name>.json` to `request`, from `finalURL` if a redirect moved it.
    static func answer(_ name: String, to request: URLRequest, from finalURL: URL? = nil) throws
        -> SequenceResponse
    {
        let (body, response) = try StubTransport.load("oauth/" + name, for: request, from: finalURL)
        return SequenceResponse(request: request, response: response, body: body)
    }

    /// Drives `sequence` with one recorded answer per step, in order.
    /// Returns the steps' requests and waits, and how it ended.
    static func drive<S: RequestSequence>(_ sequence: S, answers: [String]) -> (
        requests: [URLRequest], waits: [Duration], result: Result<S.Output, any Error>
    ) {
        var sequence = sequence
        var requests: [URLRequest] = []
        var waits: [Duration] = []
        var previous: SequenceResponse?
        var remaining = answers[...]
        do {
            while true {
                switch try sequence.next(after: previous) {
                case .finish(let output):
                    return (requests, waits, .success(output))
                case .send(let request, let wait):
                    requests.append(request)
                    waits.append(wait)
                    guard let name = remaining.popFirst() else {
                        return (requests, waits, .failure(OutOfAnswers()))
                    }
                    previous = try answer(name, to: request)
                }
            }
        } catch {
            return (requests, waits, .failure(error))
        }
    }

    struct OutOfAnswers: Error {}

    static let metadata: ProviderMetadata = {
        guard
            let metadata = try? ProviderMetadata(
                issuer: url("https://login.example.com"),
                authorizationEndpoint: url("https://login.example.com/authorize"),
                tokenEndpoint: url("https://login.example.com/token"),
                deviceAuthorizationEndpoint: url("https://login.example.com/device/code"),
                revocationEndpoint: url("https://login.example.com/revoke"),
                userinfoEndpoint: url("https://login.example.com/userinfo"))
        else { preconditionFailure("the recorded provider's endpoints are https") }
        return metadata
    }()
}
