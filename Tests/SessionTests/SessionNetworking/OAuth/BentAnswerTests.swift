import Foundation
import Session
import SessionSupport
import Testing

/// The ways real providers bend RFC 6749 and RFC 8628 in their answers, each
/// read as the widely used clients read it (golang/oauth2's
/// `internal/token.go` and `deviceauth.go`, gh's `cli/oauth`, MSAL): numbers
/// written as strings, forms instead of JSON, errors with HTTP 200, and the
/// codes and fields only some providers send.
@Suite struct BentAnswerTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    func flow(secret: String? = nil) -> DeviceAuthorizationSequence {
        DeviceAuthorizationFlow(
            configuration: OAuthConfiguration(
                metadata: Recorded.metadata, clientID: "cli-device",
                clientSecret: secret.map { Sample.token($0) }),
            now: { Self.start }, onPrompt: { _ in }
        ).sequence
    }

    static let form = ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"]
    static let code = Recorded.Reply.json(
        200,
        #"{"device_code": "dc_0123456789", "user_code": "WDJB-MJHT", "verification_uri": "https://login.example.com/device", "expires_in": 900, "interval": 5}"#
    )

    /// `"expires_in": "900"` and `"interval": "5"`, as Microsoft's older
    /// endpoints and PayPal write them, are the numbers they spell.
    @Test func numbersWrittenAsStringsAreRead() async throws {
        let code = Recorded.Reply.json(
            200,
            #"{"device_code": "dc_0123456789", "user_code": "WDJB-MJHT", "verification_uri": "https://login.example.com/device", "expires_in": "900", "interval": "2"}"#
        )
        let token = Recorded.Reply.json(
            200, #"{"access_token": "at_0123456789abcdef", "token_type": "Bearer", "expires_in": "3600"}"#)
        let run = await Recorded.drive(flow(), answers: [code, token, "userinfo"])
        #expect(run.waits.prefix(2) == [.zero, .seconds(2)])
        #expect(try run.result.get().expiresAt == Self.start.addingTimeInterval(2 + 3600))
    }

    /// A string is a number only when it is all digits, and then within the
    /// same bounds as a number.
    @Test(arguments: [
        (#""9x""#, "expires_in is not a number"), (#""-5""#, "expires_in is not a number"),
        (#""""#, "expires_in is not a number"), (#"" 900""#, "expires_in is not a number"),
        (#""99999999999999999999999""#, "expires_in is not a whole number from 1 to 86400"),
        (#""0""#, "expires_in is not a whole number from 1 to 86400"),
    ])
    func aStringThatIsNotANumberIsRefused(value: String, reason: String) async {
        let code = Recorded.Reply.json(
            200,
            #"{"device_code": "dc_0123456789", "user_code": "WDJB-MJHT", "verification_uri": "https://login.example.com/device", "expires_in": \#(value)}"#
        )
        let run = await Recorded.drive(flow(), answers: [code])
        #expect(
            throws: SignInError.invalidResponse(from: "device authorization endpoint", reason: reason)
        ) { try run.result.get() }
    }

    /// GitHub answers in a form unless asked for JSON, and every answer is
    /// read as one when it says it is: the device code, the polls, the token.
    @Test func formAnswersAreReadLikeJSON() async throws {
        let code = Recorded.Reply.headed(
            200,
            "device_code=dc_0123456789&user_code=WDJB-MJHT&verification_uri=https%3A%2F%2Flogin.example.com%2Fdevice&expires_in=900&interval=5",
            Self.form)
        let pending = Recorded.Reply.headed(200, "error=authorization_pending", Self.form)
        let token = Recorded.Reply.headed(
            200, "access_token=gho_0123456789abcdef&scope=repo%2Cgist&token_type=bearer", Self.form)
        let run = await Recorded.drive(flow(), answers: [code, pending, token, "userinfo"])
        let credential = try run.result.get()
        Secret.expectEqual(credential.token.value, "gho_0123456789abcdef", "the access token")
        #expect(credential.scopes == ["repo,gist"])
        #expect(credential.expiresAt == nil)
        #expect(run.waits.prefix(3) == [.zero, .seconds(5), .seconds(5)])
    }

    /// `text/plain` is read as a form, as golang/oauth2 reads it, unless it
    /// holds a JSON object (which some servers send as `text/plain`).
    @Test(arguments: [
        "access_token=at_0123456789abcdef&token_type=Bearer&expires_in=60",
        #"{"access_token": "at_0123456789abcdef", "token_type": "Bearer", "expires_in": 60}"#,
    ])
    func plainTextIsAFormOrJSON(body: String) async throws {
        let token = Recorded.Reply.headed(200, body, ["Content-Type": "text/plain; charset=utf-8"])
        let run = await Recorded.drive(flow(), answers: [Self.code, token, "userinfo"])
        #expect(try run.result.get().expiresAt == Self.start.addingTimeInterval(5 + 60))
    }

    /// A form that names a field twice, or cannot be decoded, is refused:
    /// which of two tokens was meant is not known.
    @Test(arguments: [
        ("access_token=at_0123456789abcdef&access_token=at_other0123456789&token_type=bearer", "twice"),
        ("access_token=at_%ZZ&token_type=bearer", "cannot be decoded"),
    ])
    func aFormThatIsNotOneIsRefused(body: String, reason: String) async {
        let token = Recorded.Reply.headed(200, body, Self.form)
        let run = await Recorded.drive(flow(), answers: [Self.code, token])
        guard case .failure(SignInError.invalidResponse("token endpoint", let said)) = run.result else {
            Issue.record("accepted: \(run.result)")
            return
        }
        #expect(said.contains(reason))
        Secret.expectAbsent(["at_0123456789abcdef", "at_other"], in: said, "the error")
    }

    /// An answer that names an error is one whatever its status: GitHub's
    /// polls answer 200, Google's 428 (pending) and 403 (slow down).
    @Test func aPollIsReadByItsCodeWhateverItsStatus() async {
        let run = await Recorded.drive(
            flow(),
            answers: [
                Self.code, .json(200, #"{"error": "authorization_pending"}"#),
                .json(428, #"{"error": "authorization_pending"}"#), .json(403, #"{"error": "slow_down"}"#),
                .json(200, #"{"error": "access_denied", "error_description": "The user said no."}"#),
            ])
        #expect(run.waits == [.zero, .seconds(5), .seconds(5), .seconds(5), .seconds(10)])
        #expect(throws: SignInError.accessDenied) { try run.result.get() }
    }

    /// A 200 that names an error never yields a token, even beside one.
    @Test func anErrorBesideATokenIsAnError() async {
        let answer = Recorded.Reply.json(
            200, #"{"error": "invalid_grant", "access_token": "at_0123456789abcdef", "token_type": "Bearer"}"#
        )
        let run = await Recorded.drive(flow(), answers: [Self.code, answer])
        #expect(throws: SignInError.providerError(code: "invalid_grant", description: nil)) {
            try run.result.get()
        }
    }

    /// `slow_down` adds 5 s (RFC 8628 §3.5), or takes the interval GitHub
    /// names when that is longer; never shorter than RFC 8628 asks.
    @Test func slowDownTakesTheNamedIntervalWhenItIsLonger() async {
        let run = await Recorded.drive(
            flow(),
            answers: [
                Self.code, .json(200, #"{"error": "slow_down", "interval": 10}"#),
                .json(200, #"{"error": "slow_down", "interval": "30"}"#),
                .json(200, #"{"error": "slow_down", "interval": 3}"#), .json(200, #"{"error": "slow_down"}"#),
                .json(400, #"{"error": "access_denied"}"#),
            ])
        #expect(run.waits == [.zero, .seconds(5), .seconds(10), .seconds(30), .seconds(35), .seconds(40)])
    }

    /// An error from the device endpoint with HTTP 200 (GitHub's
    /// `device_flow_disabled`) ends the sign-in as that error.
    @Test func theDeviceEndpointsErrorWith200IsAnError() async {
        let answer = Recorded.Reply.json(
            200,
            #"{"error": "device_flow_disabled", "error_description": "Device Flow must be explicitly enabled for this App"}"#
        )
        let run = await Recorded.drive(flow(), answers: [answer])
        #expect(
            throws: SignInError.providerError(
                code: "device_flow_disabled",
                description: "Device Flow must be explicitly enabled for this App")
        ) { try run.result.get() }
    }

    /// Google's quota refusal names its code `error_code`.
    @Test func googlesErrorCodeIsAnErrorCode() async {
        let answer = Recorded.Reply.json(403, #"{"error_code": "rate_limit_exceeded"}"#)
        let run = await Recorded.drive(flow(), answers: [answer])
        #expect(throws: SignInError.providerError(code: "rate_limit_exceeded", description: nil)) {
            try run.result.get()
        }
    }

    /// Microsoft's person who declines is `authorization_declined`: a
    /// refusal, like `access_denied`; its description's first line (the
    /// AADSTS code) is shown, and the trace lines after it never are.
    @Test func microsoftsDeclineIsARefusalAndItsTraceIsNotShown() async {
        let declined = await Recorded.drive(
            flow(), answers: [Self.code, .json(400, #"{"error": "authorization_declined"}"#)])
        #expect(throws: SignInError.accessDenied) { try declined.result.get() }
        let answer = Recorded.Reply.json(
            400,
            #"{"error": "invalid_grant", "error_description": "AADSTS70000: The grant is no longer valid.\r\nTrace ID: 0a1b\r\nCorrelation ID: 2c3d", "error_codes": [70000]}"#
        )
        let run = await Recorded.drive(flow(), answers: [Self.code, answer])
        #expect(
            throws: SignInError.providerError(
                code: "invalid_grant", description: "AADSTS70000: The grant is no longer valid.")
        ) { try run.result.get() }
    }

    /// GitLab's `created_at`: a token the provider made before the request
    /// left this machine (its clock is behind) expires counted from then.
    @Test(
        arguments: [
            (-30, -30.0), (0, 0), (120, 0), (-200_000, 0),
        ] as [(Int, Double)])
    func createdAtCountsWhenItIsEarlier(offset: Int, shift: Double) async throws {
        let sentAt = Self.start.addingTimeInterval(5)
        let created = Int(sentAt.timeIntervalSince1970) + offset
        let token = Recorded.Reply.json(
            200,
            #"{"access_token": "at_0123456789abcdef", "token_type": "bearer", "expires_in": 7200, "refresh_token": "rt_0123456789abcdef", "created_at": \#(created)}"#
        )
        let run = await Recorded.drive(flow(), answers: [Self.code, token, "userinfo"])
        #expect(try run.result.get().expiresAt == sentAt.addingTimeInterval(7200 + shift))
    }

    /// A GitHub App's `refresh_token_expires_in` is read within the bounds
    /// of any lifetime: as a string too, and an absurd one refuses the answer.
    @Test func aRefreshTokensLifetimeIsBounded() async throws {
        let token = { (value: String) in
            Recorded.Reply.json(
                200,
                #"{"access_token": "ghu_0123456789abcdef", "token_type": "bearer", "expires_in": "28800", "refresh_token": "ghr_0123456789abcdef", "refresh_token_expires_in": \#(value), "scope": ""}"#
            )
        }
        let good = await Recorded.drive(flow(), answers: [Self.code, token(#""15811200""#), "userinfo"])
        let credential = try good.result.get()
        #expect(credential.expiresAt == Self.start.addingTimeInterval(5 + 28800))
        #expect(credential.scopes.isEmpty)
        let absurd = await Recorded.drive(flow(), answers: [Self.code, token("-1")])
        guard case .failure(SignInError.invalidResponse(_, let reason)) = absurd.result else {
            Issue.record("an absurd lifetime was accepted")
            return
        }
        #expect(reason.hasPrefix("refresh_token_expires_in is not a whole number"))
    }
}
