import Foundation
import Session
import Testing

/// Every bad token answer is refused with a clear error, and none of them
/// puts a token or the provider's raw text into the message.
@Suite struct TokenAnswerTests {
    func exchange(_ answer: String) -> Result<Credential, any Error> {
        let flow = DeviceAuthorizationFlow(
            metadata: Recorded.metadata, clientID: "cli-device", onPrompt: { _ in })
        return Recorded.drive(flow, answers: ["device-code", answer, "userinfo"]).result
    }

    @Test(arguments: [
        ("token-not-json", "not a JSON object"), ("token-no-access-token", "access_token is missing"),
        ("token-mac", "token_type is not Bearer"), ("token-negative-expiry", "expires_in"),
        ("token-absurd-expiry", "expires_in"), ("token-bad-token", "access_token"),
    ])
    func badAnswersAreRefused(answer: String, reason: String) {
        guard case .failure(let error) = exchange(answer) else {
            Issue.record("\(answer) was accepted")
            return
        }
        let message = "\(error)"
        #expect(message.contains(reason), "\(answer): \(message)")
        Secret.expectAbsent(["at_0123", "at 0123", "456789"], in: message, "the error")
    }

    @Test func bearerIsCaseInsensitive() throws {
        #expect(try exchange("token-lowercase-bearer").get().expiresAt != nil)
    }

    @Test func aBodyOverOneMiBIsRefusedUnread() throws {
        var flow = DeviceAuthorizationFlow(metadata: Recorded.metadata, clientID: "c", onPrompt: { _ in })
        guard case .send(let ask, _) = try flow.next(after: nil) else { return }
        guard case .send(let poll, _) = try flow.next(after: try Recorded.answer("device-code", to: ask))
        else { return }
        let (_, response) = try StubTransport.load("oauth/token", for: poll)
        let huge =
            Data(#"{"access_token": ""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
            + Data(#""}"#.utf8)
        #expect(
            throws: SignInError.invalidResponse(from: "token endpoint", reason: "it is larger than 1 MiB")
        ) {
            _ = try flow.next(after: SequenceResponse(request: poll, response: response, body: huge))
        }
    }

    @Test func aRedirectedTokenRequestIsRefused() throws {
        var flow = DeviceAuthorizationFlow(metadata: Recorded.metadata, clientID: "c", onPrompt: { _ in })
        guard case .send(let ask, _) = try flow.next(after: nil) else { return }
        guard case .send(let poll, _) = try flow.next(after: try Recorded.answer("device-code", to: ask))
        else { return }
        let moved = try Recorded.answer("token", to: poll, from: url("https://login.example.com/elsewhere"))
        #expect(
            throws: SignInError.invalidResponse(
                from: "token endpoint", reason: "it redirected the token request")
        ) {
            _ = try flow.next(after: moved)
        }
    }
}
