import Foundation
import Session
import Testing

/// The device flow driven by recorded answers: its waits are data.
@Suite struct DeviceAuthorizationFlowTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    func flow(prompts: Locked<[DeviceAuthorizationFlow.Prompt]> = Locked([])) -> DeviceAuthorizationFlow {
        DeviceAuthorizationFlow(
            metadata: Recorded.metadata, clientID: "cli-device", scopes: ["openid", "read"],
            now: { Self.start }, onPrompt: { prompt in prompts.withLock { $0.append(prompt) } })
    }

    @Test func waitsFiveSecondsBeforeTheFirstPollWhenNoIntervalIsGiven() throws {
        let prompts = Locked<[DeviceAuthorizationFlow.Prompt]>([])
        let run = Recorded.drive(
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
        let poll = String(decoding: run.requests[1].httpBody ?? Data(), as: UTF8.self)
        #expect(poll.contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code"))
    }

    @Test func usesTheGivenIntervalAndSlowDownAddsFiveSeconds() {
        let run = Recorded.drive(
            flow(),
            answers: [
                "device-code-interval-2", "pending", "slow-down", "pending", "slow-down", "access-denied",
            ])
        #expect(run.waits == [.zero, .seconds(2), .seconds(2), .seconds(7), .seconds(7), .seconds(12)])
    }

    /// `expires_in` is 30 s: polls at 5, 10, …, 30 s, then it stops by itself.
    @Test func stopsAtExpiresIn() {
        let run = Recorded.drive(flow(), answers: ["device-code"] + Array(repeating: "pending", count: 20))
        #expect(run.waits.dropFirst().reduce(.zero, +) == .seconds(30))
        #expect(run.requests.count == 7)
        #expect(throws: SignInError.deviceCodeExpired) { try run.result.get() }
    }

    @Test func deniedAndExpiredAreDistinctErrors() {
        let denied = Recorded.drive(flow(), answers: ["device-code", "pending", "access-denied"])
        #expect(throws: SignInError.accessDenied) { try denied.result.get() }
        let expired = Recorded.drive(flow(), answers: ["device-code", "expired-token"])
        #expect(throws: SignInError.deviceCodeExpired) { try expired.result.get() }
    }

    @Test func anUnknownErrorNamesTheCodeButNotTheDescription() {
        let run = Recorded.drive(flow(), answers: ["device-code", "invalid-grant"])
        #expect(throws: SignInError.providerError(code: "invalid_grant")) { try run.result.get() }
    }

    /// What a provider sends is untrusted: a user code with an ANSI escape,
    /// or a verification URI in the clear, never reaches the prompt.
    @Test func unsafePromptsAreRefusedBeforeTheyAreShown() {
        for answer in ["device-code-ansi", "device-code-http-uri"] {
            let prompts = Locked<[DeviceAuthorizationFlow.Prompt]>([])
            let run = Recorded.drive(flow(prompts: prompts), answers: [answer])
            #expect(throws: SignInError.self) { try run.result.get() }
            #expect(prompts.withLock { $0 }.isEmpty, "\(answer) reached the prompt")
        }
    }

    /// An interval of 0 would poll back to back; it is taken as 1 s.
    @Test func anIntervalOfZeroIsOneSecond() {
        let run = Recorded.drive(flow(), answers: ["device-code-interval-0", "pending", "access-denied"])
        #expect(run.waits == [.zero, .seconds(1), .seconds(1)])
    }

    /// Endpoints set after the metadata was checked are checked where they are used.
    @Test func aPlainHTTPEndpointSetLaterIsRefused() {
        var metadata = Recorded.metadata
        metadata.deviceAuthorizationEndpoint = url("http://login.example.com/device")
        let run = Recorded.drive(
            DeviceAuthorizationFlow(metadata: metadata, clientID: "c", onPrompt: { _ in }), answers: [])
        #expect(throws: SignInError.insecureEndpoint(name: "device authorization endpoint")) {
            try run.result.get()
        }
        #expect(run.requests.isEmpty)
    }

    @Test func withoutADeviceEndpointItNamesTheOption() throws {
        let metadata = try ProviderMetadata(
            issuer: url("https://login.example.com"), tokenEndpoint: url("https://login.example.com/token"))
        let run = Recorded.drive(
            DeviceAuthorizationFlow(metadata: metadata, clientID: "c", onPrompt: { _ in }), answers: [])
        #expect(throws: SignInError.noDeviceEndpoint) { try run.result.get() }
        #expect(SignInError.noDeviceEndpoint.description.contains("--device-endpoint"))
    }
}
