import Foundation
import Session
import SessionNetworking
import Testing

/// Every bad token answer is refused with a clear error, and none of them
/// puts a token or the provider's raw text into the message.
@Suite struct TokenAnswerTests {
    func exchange(_ answers: [Recorded.Reply]) async -> Result<Credential, any Error> {
        let flow = DeviceAuthorizationFlow(
            configuration: OAuthConfiguration(metadata: Recorded.metadata, clientID: "cli-device"),
            onPrompt: { _ in })
        return await Recorded.drive(flow.sequence, answers: ["device-code"] + answers + ["userinfo"]).result
    }

    @Test(arguments: [
        ("token-not-json", "not a JSON object"), ("token-no-access-token", "access_token is missing"),
        ("token-mac", "token_type is neither Bearer nor DPoP"), ("token-negative-expiry", "expires_in"),
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

    /// A scope that is not an RFC 6749 scope token (a control or format
    /// character, a quote) refuses the whole answer: it is never stored or shown.
    @Test(arguments: [#"read\u001b[2J"#, #"read \u202eadmin"#, #"read \u2066x"#, #"a\"b"#, #"read\u0007"#])
    func aHostileScopeRefusesTheAnswer(scope: String) async throws {
        let body = #"{"access_token": "at_0123456789abcdef", "token_type": "Bearer", "scope": "\#(scope)"}"#
        await #expect(
            throws: SignInError.invalidResponse(
                from: "token endpoint", reason: "scope holds characters a scope may not (RFC 6749 §3.3)")
        ) { try await exchange([.json(200, body)]).get() }
    }

    /// The 1 MiB limit holds while the answer arrives: the client stops there.
    @Test func aBodyOverOneMiBIsRefused() async throws {
        let huge = #"{"access_token": ""# + String(repeating: "a", count: 1 << 20) + #""}"#
        let result = await exchange([.json(200, huge)])
        guard case .failure(NetworkError.transport(let error as ResponseTooLargeError)) = result else {
            Issue.record("an answer over 1 MiB was not stopped: \(result)")
            return
        }
        #expect(error.limit == 1 << 20)
        #expect("\(error)".contains("1 MiB"))
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
        (#"{"sub": "1", "preferred_username": "alice\u202egpj", "email": "a@example.com"}"#, "a@example.com"),
        (#"{"sub": "1", "preferred_username": "\u2066bob\u2069", "name": "Bob"}"#, "Bob"),
        (#"{"sub": "1", "preferred_username": "zero\u200bwidth", "name": "C1\u009b"}"#, "1"),
    ])
    func theAccountClaimsAreReadInOrder(userinfo: String, account: String) async throws {
        let flow = DeviceAuthorizationFlow(
            configuration: OAuthConfiguration(metadata: Recorded.metadata, clientID: "cli-device"),
            onPrompt: { _ in })
        let run = await Recorded.drive(
            flow.sequence, answers: ["device-code", "token", .json(200, userinfo)])
        #expect(try run.result.get().account == account)
    }
}
