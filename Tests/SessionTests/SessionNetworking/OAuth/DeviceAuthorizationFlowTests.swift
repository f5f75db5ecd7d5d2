import Foundation
import Session
import SessionSupport
import SessionSystem
import Testing

/// The device flow run by `NetworkClient.run` on recorded answers: its
/// waits are data, read from a test clock.
@Suite struct DeviceAuthorizationFlowTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    func flow(
        prompts: Locked<[DeviceAuthorizationFlow.Prompt]> = Locked([]),
        metadata: ProviderMetadata = Recorded.metadata,
        secret: String? = nil
    ) -> DeviceAuthorizationSequence {
        DeviceAuthorizationFlow(
            configuration: OAuthConfiguration(
                metadata: metadata, clientID: "cli-device", clientSecret: secret.map { Sample.token($0) },
                scopes: ["openid", "read"]),
            now: { Self.start }, onPrompt: { prompt in prompts.withLock { $0.append(prompt) } }
        ).sequence
    }

    @Test func waitsFiveSecondsBeforeTheFirstPollWhenNoIntervalIsGiven() async throws {
        let prompts = Locked<[DeviceAuthorizationFlow.Prompt]>([])
        let run = await Recorded.drive(
            flow(prompts: prompts), answers: ["device-code", "pending", "token", "userinfo"])
        #expect(run.waits == [.zero, .seconds(5), .seconds(5), .zero])
        let credential = try run.result.get()
        Secret.expectEqual(credential.token.value, "at_0123456789abcdef", "the access token")
        Secret.expectEqual(credential.refreshToken?.value, "rt_0123456789abcdef", "the refresh token")
        #expect(credential.account == "alice")
        #expect(credential.scopes == ["openid", "read"])
        #expect(credential.server == url("https://login.example.com"))
        #expect(credential.provider?.clientID == "cli-device")
        #expect(credential.provider?.revocationEndpoint == url("https://login.example.com/revoke"))
        // The expiry counts from when the token request was sent: after the two 5 s waits.
        #expect(credential.expiresAt == Self.start.addingTimeInterval(5 + 3600))
        #expect(prompts.withLock { $0.map(\.userCode) } == ["WDJB-MJHT"])
        #expect(
            prompts.withLock { $0.first?.verificationURIComplete }?.absoluteString.contains("user_code")
                == true)
        // The code request and the polls are form posts to the right endpoints.
        #expect(run.requests.map { $0.url?.path } == ["/device/code", "/token", "/token", "/userinfo"])
        let poll = String(decoding: run.requests[1].bodyData ?? Data(), as: UTF8.self)
        #expect(poll.contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code"))
        #expect(poll.contains("client_id=cli-device"))
    }

    @Test func usesTheGivenIntervalAndSlowDownAddsFiveSeconds() async {
        let run = await Recorded.drive(
            flow(),
            answers: [
                "device-code-interval-2", "pending", "slow-down", "pending", "slow-down", "access-denied",
            ])
        #expect(run.waits == [.zero, .seconds(2), .seconds(2), .seconds(7), .seconds(7), .seconds(12)])
    }

    /// `expires_in` is 30 s: polls at 5, 10, …, 30 s, then it stops by itself.
    @Test func stopsAtExpiresIn() async {
        let run = await Recorded.drive(
            flow(), answers: ["device-code"] + Array(repeating: "pending", count: 20))
        #expect(run.waits.reduce(.zero, +) == .seconds(30))
        #expect(run.requests.count == 7)
        #expect(throws: SignInError.deviceCodeExpired) { try run.result.get() }
    }

    /// A code that lives 1800 s polled every second takes 1800 polls: the
    /// flow runs until the code expires, past the client's usual bound of
    /// 1000 requests, and ends as an expired code, not a protocol error.
    @Test func aLongLivedCodeIsPolledUntilItExpires() async {
        let code = Recorded.Reply.json(
            200,
            #"{"device_code": "dc_0123456789", "user_code": "ABCD-EFGH", "verification_uri": "https://login.example.com/device", "expires_in": 1800, "interval": 1}"#
        )
        let pending = Recorded.Reply.json(400, #"{"error": "authorization_pending"}"#)
        let run = await Recorded.drive(flow(), answers: [code] + Array(repeating: pending, count: 1805))
        #expect(throws: SignInError.deviceCodeExpired) { try run.result.get() }
        #expect(run.requests.count == 1801)
        #expect(run.waits.reduce(.zero, +) == .seconds(1800))
    }

    @Test func deniedAndExpiredAreDistinctErrors() async {
        let denied = await Recorded.drive(flow(), answers: ["device-code", "pending", "access-denied"])
        #expect(throws: SignInError.accessDenied) { try denied.result.get() }
        let expired = await Recorded.drive(flow(), answers: ["device-code", "expired-token"])
        #expect(throws: SignInError.deviceCodeExpired) { try expired.result.get() }
    }

    /// An error code is shown with its description when the description is
    /// made of the characters OAuth allows, and without it otherwise.
    @Test(
        arguments: [
            (#""The grant was revoked.""#, "The grant was revoked."),
            (#""quote \" inside""#, nil), (#""escape \u001b[2J""#, nil), (#""bidi \u202e evil""#, nil),
            (#""é accented""#, nil), ("42", nil),
        ] as [(String, String?)])
    func anErrorNamesTheCodeAndAShowableDescription(description: String, shown: String?) async {
        let answer = Recorded.Reply.json(
            400, #"{"error": "invalid_grant", "error_description": \#(description)}"#)
        let run = await Recorded.drive(flow(), answers: ["device-code", answer])
        #expect(throws: SignInError.providerError(code: "invalid_grant", description: shown)) {
            try run.result.get()
        }
    }

    @Test func aLongDescriptionIsCutTo200Characters() async {
        let long = String(repeating: "word ", count: 100)
        let answer = Recorded.Reply.json(400, #"{"error": "invalid_grant", "error_description": "\#(long)"}"#)
        let run = await Recorded.drive(flow(), answers: ["device-code", answer])
        guard case .failure(SignInError.providerError(_, let description?)) = run.result else {
            Issue.record("no description")
            return
        }
        #expect(description.count == 200 && description.hasSuffix("…"))
    }

    /// What a provider sends is untrusted: a user code with an ANSI escape,
    /// or a verification URI in the clear, never reaches the prompt.
    @Test func unsafePromptsAreRefusedBeforeTheyAreShown() async {
        for answer in ["device-code-ansi", "device-code-http-uri"] {
            let prompts = Locked<[DeviceAuthorizationFlow.Prompt]>([])
            let run = await Recorded.drive(flow(prompts: prompts), answers: [.fixture(answer)])
            #expect(throws: SignInError.self) { try run.result.get() }
            #expect(prompts.withLock { $0 }.isEmpty, "\(answer) reached the prompt")
        }
    }

    /// An interval of 0 would poll back to back; it is taken as 1 s.
    @Test func anIntervalOfZeroIsOneSecond() async {
        let run = await Recorded.drive(
            flow(), answers: ["device-code-interval-0", "pending", "access-denied"])
        #expect(run.waits == [.zero, .seconds(1), .seconds(1)])
    }

    /// Endpoints set after the metadata was checked are checked where they are used.
    @Test func aPlainHTTPEndpointSetLaterIsRefused() async {
        var metadata = Recorded.metadata
        metadata.deviceAuthorizationEndpoint = url("http://login.example.com/device")
        let run = await Recorded.drive(flow(metadata: metadata), answers: [])
        #expect(throws: SignInError.insecureEndpoint(name: "device authorization endpoint")) {
            try run.result.get()
        }
        #expect(run.requests.isEmpty)
    }

    @Test func withoutADeviceEndpointItSaysSo() async throws {
        let metadata = try ProviderMetadata(
            issuer: url("https://login.example.com"), tokenEndpoint: url("https://login.example.com/token"))
        let run = await Recorded.drive(flow(metadata: metadata), answers: [])
        #expect(throws: SignInError.noDeviceEndpoint) { try run.result.get() }
    }

    /// A confidential client sends its secret with HTTP Basic by default,
    /// and names itself in the code request's body too (RFC 8628 allows it,
    /// and some providers read the client only from there).
    @Test func aConfidentialClientAuthenticatesWithBasic() async throws {
        let run = await Recorded.drive(
            flow(secret: "s3cret_0123456789"), answers: ["device-code", "token", "userinfo"])
        let credential = try run.result.get()
        #expect(credential.provider?.isConfidential == true)
        let expected = "Basic " + Data("cli-device:s3cret_0123456789".utf8).base64EncodedString()
        for request in run.requests.prefix(2) {
            Secret.expectEqual(
                request.headerFields[.authorization], expected, "the Basic header")
            Secret.expectAbsent(["s3cret_0123456789"], in: request.bodyData ?? Data(), "the body")
        }
        let ask = String(decoding: run.requests[0].bodyData ?? Data(), as: UTF8.self)
        let poll = String(decoding: run.requests[1].bodyData ?? Data(), as: UTF8.self)
        #expect(ask.contains("client_id=cli-device") && !poll.contains("client_id"))
    }

    /// A provider that lists only `client_secret_post` gets the secret in the body.
    @Test func aProviderThatWantsTheSecretInTheBodyGetsItThere() async throws {
        var metadata = Recorded.metadata
        metadata.tokenEndpointAuthMethods = ["client_secret_post"]
        let run = await Recorded.drive(
            flow(metadata: metadata, secret: "s3cret_0123456789"),
            answers: ["device-code", "token", "userinfo"])
        #expect(try run.result.get().provider?.clientAuthentication == .clientSecretPost)
        let poll = String(decoding: run.requests[1].bodyData ?? Data(), as: UTF8.self)
        #expect(run.requests[1].headerFields[.authorization] == nil)
        #expect(poll.contains("client_id=cli-device"))
        Secret.expectPresent("client_secret=s3cret_0123456789", in: poll, "the poll's body")
    }

    /// A provider that accepts neither way of sending a secret is refused
    /// before the secret goes anywhere.
    @Test func aSecretTheProviderCannotTakeIsRefusedBeforeSending() async {
        var metadata = Recorded.metadata
        metadata.tokenEndpointAuthMethods = ["private_key_jwt"]
        let run = await Recorded.drive(flow(metadata: metadata, secret: "s3cret_0123456789"), answers: [])
        #expect(throws: SignInError.unsupportedClientAuthentication) { try run.result.get() }
        #expect(run.requests.isEmpty)
    }
}
