import Foundation
import Session
import Testing

/// Every bad token answer is refused with a clear error, and none of them
/// puts a token or the provider's raw text into the message.
@Suite struct TokenAnswerTests {
    func exchange(_ answers: [Recorded.Reply]) async -> Result<Credential, any Error> {
        let flow = DeviceAuthorizationFlow(
            configuration: OAuthConfiguration(metadata: Recorded.metadata, clientID: "cli-device"),
            onPrompt: { _ in })
        return await Recorded.drive(flow, answers: ["device-code"] + answers + ["userinfo"]).result
    }

    @Test(arguments: [
        ("token-not-json", "not a JSON object"), ("token-no-access-token", "access_token is missing"),
        ("token-mac", "token_type is not Bearer"), ("token-negative-expiry", "expires_in"),
        ("token-absurd-expiry", "expires_in"), ("token-bad-token", "access_token"),
    ])
    func badAnswersAreRefused(answer: String, reason: String) async {
        guard case .failure(let error) = await exchange([.fixture(answer)]) else {
            Issue.record("\(answer) was accepted")
            return
        }
        let message = "\(error)"
        #expect(message.contains(reason), "\(answer): \(message)")
        Secret.expectAbsent(["at_0123", "at 0123", "456789"], in: message, "the error")
    }

    @Test func bearerIsCaseInsensitive() async throws {
        #expect(try await exchange(["token-lowercase-bearer"]).get().expiresAt != nil)
    }

    /// `expires_in` 0 or absent is a token of unknown lifetime: no expiry,
    /// used until a server refuses it.
    @Test(arguments: [#", "expires_in": 0"#, ""])
    func aLifetimeOfZeroOrNoneIsUnknown(field: String) async throws {
        let body = #"{"access_token": "at_0123456789abcdef", "token_type": "Bearer"\#(field)}"#
        let credential = try await exchange([.json(200, body)]).get()
        #expect(credential.expiresAt == nil)
        #expect(!credential.isDue(at: .distantFuture))
    }

    @Test func aBodyOverOneMiBIsRefused() async throws {
        let huge = #"{"access_token": ""# + String(repeating: "a", count: 1 << 20) + #""}"#
        await #expect(
            throws: SignInError.invalidResponse(from: "token endpoint", reason: "it is larger than 1 MiB")
        ) {
            try await exchange([.json(200, huge)]).get()
        }
    }

    @Test func aRedirectedTokenRequestIsRefused() async throws {
        await #expect(
            throws: SignInError.invalidResponse(from: "token endpoint", reason: "it redirected the request")
        ) {
            try await exchange([.moved("token", to: url("https://login.example.com/elsewhere"))]).get()
        }
    }

    /// The account is the first present of preferred_username, email and
    /// name, from userinfo or else the ID token, and sub only when none is.
    @Test(arguments: [
        (#"{"sub": "1", "preferred_username": "alice", "email": "a@example.com", "name": "Alice"}"#, "alice"),
        (#"{"sub": "1", "email": "a@example.com", "name": "Alice"}"#, "a@example.com"),
        (#"{"sub": "1", "name": "Alice Liddell"}"#, "Alice Liddell"),
        (#"{"sub": "248289761001"}"#, "248289761001"),
        (#"{"sub": "1", "preferred_username": "evil\u001b[2J"}"#, "1"),
    ])
    func theAccountClaimsAreReadInOrder(userinfo: String, account: String) async throws {
        let flow = DeviceAuthorizationFlow(
            configuration: OAuthConfiguration(metadata: Recorded.metadata, clientID: "cli-device"),
            onPrompt: { _ in })
        let run = await Recorded.drive(flow, answers: ["device-code", "token", .json(200, userinfo)])
        #expect(try run.result.get().account == account)
    }
}
