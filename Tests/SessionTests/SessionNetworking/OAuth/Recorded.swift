import Foundation
import Session
import SessionSupport
import SessionSystem

/// Recorded answers from `Fixtures/oauth/`, fed to a sequence through the
/// real `NetworkClient.run`, with a transport that answers in order and a
/// clock that records the waits instead of sleeping.
enum Recorded {
    /// One answer: a fixture by name, or a status and a JSON body.
    enum Reply: Sendable, ExpressibleByStringLiteral {
        case fixture(String)
        case json(Int, String)
        /// A fixture answered from another URL, as after a redirect.
        case moved(String, to: URL)
        /// A JSON answer with these header fields.
        case headed(Int, String, [String: String])

        init(stringLiteral name: String) { self = .fixture(name) }
    }

    /// What a run sent, what it waited before each request, and how it ended.
    struct Run<Output> {
        let requests: [SentRequest]
        let waits: [Duration]
        let result: Result<Output, any Error>
    }

    struct OutOfAnswers: Error {}

    /// Runs `sequence` with one recorded answer per request, in order.
    static func drive<S: RequestSequence>(_ sequence: S, answers: [Reply]) async -> Run<S.Output> {
        let clock = RecordingClock()
        let transport = ScriptedTransport(answers, clock: clock)
        let client = NetworkClient(
            baseURL: url("https://login.example.com"), transport: transport, clock: clock)
        let result: Result<S.Output, any Error>
        do {
            result = .success(try await client.run(sequence))
        } catch {
            result = .failure(error)
        }
        return Run(requests: transport.sent.map(\.request), waits: transport.sent.map(\.wait), result: result)
    }

    /// Answers each request with the next reply, and records it with the
    /// time waited before it.
    final class ScriptedTransport: Transport {
        private let replies: Locked<ArraySlice<Reply>>
        private let recorded = Locked<[(request: SentRequest, wait: Duration)]>([])
        private let clock: RecordingClock

        init(_ replies: [Reply], clock: RecordingClock) {
            self.replies = Locked(replies[...])
            self.clock = clock
        }

        var sent: [(request: SentRequest, wait: Duration)] { recorded.withLock { $0 } }

        func send(_ head: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse) {
            let request = SentRequest(head: head, body: body)
            recorded.withLock { $0.append((request, clock.waitedSinceLastTake())) }
            guard let reply = replies.withLock({ $0.popFirst() }) else { throw OutOfAnswers() }
            switch reply {
            case .fixture(let name):
                return try StubTransport.load("oauth/" + name, for: request)
            case .moved(let name, let finalURL):
                return try StubTransport.load("oauth/" + name, for: request, from: finalURL)
            case .json(let status, let body):
                return (Data(body.utf8), response(request, status))
            case .headed(let status, let body, let fields):
                let answer = HTTPResponse.stub(status, url: request.url, headers: fields)
                return (Data(body.utf8), answer)
            }
        }
    }

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

    /// An unsigned JWT with `claims`: what the ID token checks read.
    static func idToken(_ claims: [String: Any]) -> String {
        func part(_ object: [String: Any]) -> String {
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return part(["alg": "none"]) + "." + part(claims) + ".sig"
    }
}
