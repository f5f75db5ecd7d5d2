import Foundation
import Session
import SessionNetworking
import SessionSupport
import Testing

/// Each known provider's sign-in on recorded answers shaped as its
/// documentation shows them: what is sent where, and the session it leaves.
@Suite struct ProviderSignInTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    func device(_ configuration: OAuthConfiguration) -> DeviceAuthorizationSequence {
        DeviceAuthorizationFlow(configuration: configuration, now: { Self.start }, onPrompt: { _ in })
            .sequence
    }

    func form(_ request: SentRequest) -> [String: String] {
        guard
            case .success(let fields) = FormFields.parse(
                String(decoding: request.bodyData ?? Data(), as: UTF8.self))
        else { return [:] }
        return fields
    }

    /// GitHub: the device code at github.com (JSON asked for), polls
    /// answered with HTTP 200, the account `login` from api.github.com/user,
    /// and a session whose server is GitHub's API.
    @Test func githubSignsInWithItsOwnEndpointsAndAccount() async throws {
        let code = Recorded.Reply.json(
            200,
            #"{"device_code": "3584d83530557fdd1f46af8289938c8ef79f9dc5", "user_code": "WDJB-MJHT", "verification_uri": "https://github.com/login/device", "expires_in": 900, "interval": 5}"#
        )
        let run = await Recorded.drive(
            device(try .github(clientID: "Iv1.0123456789abcdef", scopes: ["repo"])),
            answers: [
                code, .json(200, #"{"error": "authorization_pending"}"#),
                .json(
                    200,
                    #"{"access_token": "gho_16C7e42F292c6912E7710c838347Ae178B4a", "token_type": "bearer", "scope": "repo"}"#
                ),
                .json(200, #"{"login": "octocat", "id": 1, "name": "The Octocat", "email": null}"#),
            ])
        let credential = try run.result.get()
        #expect(
            run.requests.map { $0.url?.absoluteString } == [
                "https://github.com/login/device/code", "https://github.com/login/oauth/access_token",
                "https://github.com/login/oauth/access_token", "https://api.github.com/user",
            ])
        #expect(run.requests.allSatisfy { $0.headerFields[.accept] == "application/json" })
        #expect(form(run.requests[0]) == ["client_id": "Iv1.0123456789abcdef", "scope": "repo"])
        #expect(credential.account == "octocat")
        #expect(credential.server == url("https://api.github.com"))
        #expect(credential.provider?.issuer == url("https://github.com"))
        #expect(credential.provider?.revocationEndpoint == nil)
    }

    static let google: ProviderMetadata = {
        guard
            let metadata = try? ProviderMetadata(
                issuer: url("https://accounts.google.com"),
                authorizationEndpoint: url("https://accounts.google.com/o/oauth2/v2/auth"),
                tokenEndpoint: url("https://oauth2.googleapis.com/token"),
                deviceAuthorizationEndpoint: url("https://oauth2.googleapis.com/device/code"),
                revocationEndpoint: url("https://oauth2.googleapis.com/revoke"),
                userinfoEndpoint: url("https://openidconnect.googleapis.com/v1/userinfo"),
                tokenEndpointAuthMethods: ["client_secret_post", "client_secret_basic"])
        else { preconditionFailure("Google's endpoints are https") }
        return metadata
    }()

    /// Google's browser sign-in asks for offline access and consent, so a
    /// refresh token comes every time, and for the account's scopes.
    @Test func googlesBrowserSignInAsksForARefreshToken() throws {
        var exchange = AuthorizationCodeExchange(
            configuration: OAuthConfiguration(
                metadata: Self.google, clientID: "123.apps.googleusercontent.com"),
            now: { Self.start })
        exchange.redirectURI = url("http://127.0.0.1:54321/callback")
        let items =
            URLComponents(url: try exchange.authorizationURL(), resolvingAgainstBaseURL: false)?
            .queryItems ?? []
        let query = Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
        #expect(query["access_type"] == "offline" && query["prompt"] == "consent")
        #expect(query["scope"] == "openid email")
        // A prompt the person chose wins.
        let chosen = AuthorizationCodeExchange(
            configuration: OAuthConfiguration(metadata: Self.google, clientID: "c"),
            redirectURI: url("http://127.0.0.1:1/callback"), prompt: .selectAccount, now: { Self.start })
        #expect(try chosen.authorizationURL().absoluteString.contains("prompt=select_account"))
    }

    /// Google's installed app sends its secret on the code request's polls;
    /// its ID token may name the issuer without the scheme.
    @Test func googlesSecretGoesOnEveryPollAndItsIssuerMayLackTheScheme() async throws {
        let idToken = Recorded.idToken([
            "iss": "accounts.google.com", "aud": "123.apps.googleusercontent.com", "sub": "1",
            "email": "alice@gmail.com",
        ])
        let run = await Recorded.drive(
            device(
                OAuthConfiguration(
                    metadata: Self.google, clientID: "123.apps.googleusercontent.com",
                    clientSecret: Sample.token("GOCSPX-0123456789abcdef"))),
            answers: [
                .json(
                    200,
                    #"{"device_code": "4/4-GMMhmHCXhWEzkobqIHGG_EnNYYsAkukHspeYUk9E8", "user_code": "GQVQ-JKEC", "verification_url": "https://www.google.com/device", "expires_in": 1800, "interval": 5}"#
                ),
                .json(
                    428, #"{"error": "authorization_pending", "error_description": "Precondition Required"}"#),
                .json(
                    200,
                    #"{"access_token": "ya29.a0AfH6SMB", "expires_in": 3599, "scope": "openid https://www.googleapis.com/auth/userinfo.email", "token_type": "Bearer", "refresh_token": "1//0gLfW", "id_token": "\#(idToken)"}"#
                ),
                .json(404, "{}"),
            ])
        let credential = try run.result.get()
        #expect(credential.account == "alice@gmail.com")
        #expect(credential.server == url("https://www.googleapis.com"))
        for poll in run.requests[1...2] {
            Secret.expectEqual(form(poll)["client_secret"], "GOCSPX-0123456789abcdef", "the secret on a poll")
        }
    }

    /// A token endpoint set by hand at a host that is not Google's never
    /// gets Google's client secret: refused before anything is sent.
    @Test func googlesSecretGoesToGooglesHostsOnly() async {
        var metadata = Self.google
        metadata.tokenEndpoint = url("https://oauth2.googleapis.com.evil.test/token")
        let run = await Recorded.drive(
            device(
                OAuthConfiguration(
                    metadata: metadata, clientID: "c", clientSecret: Sample.token("GOCSPX-0123456789abcdef"))),
            answers: [
                .json(
                    200,
                    #"{"device_code": "dc_0123456789", "user_code": "GQVQ-JKEC", "verification_url": "https://www.google.com/device", "expires_in": 1800, "interval": 5}"#
                )
            ])
        #expect(throws: SignInError.endpointOutsideProvider(name: "endpoint", provider: "Google")) {
            try run.result.get()
        }
        #expect(run.requests.allSatisfy { $0.url?.host == "oauth2.googleapis.com" })
    }

    static let tenant = "72f988bf-86f1-41af-91ab-2d7cd011db47"

    func microsoft(tid: String) async -> Result<Credential, any Error> {
        var metadata =
            (try? ProviderMetadata(
                issuer: url("https://login.microsoftonline.com/organizations/v2.0"),
                tokenEndpoint: url("https://login.microsoftonline.com/organizations/oauth2/v2.0/token"),
                deviceAuthorizationEndpoint: url(
                    "https://login.microsoftonline.com/organizations/oauth2/v2.0/devicecode")))
            ?? Recorded.metadata
        metadata.idTokenIssuer = "https://login.microsoftonline.com/{tenantid}/v2.0"
        let idToken = Recorded.idToken([
            "iss": "https://login.microsoftonline.com/\(Self.tenant)/v2.0", "tid": tid, "aud": "ms-client",
            "preferred_username": "alice@contoso.com",
        ])
        return await Recorded.drive(
            device(OAuthConfiguration(metadata: metadata, clientID: "ms-client")),
            answers: [
                .json(
                    200,
                    #"{"device_code": "DAQABAAEAAAD", "user_code": "FDL5QMWXB", "verification_uri": "https://microsoft.com/devicelogin", "expires_in": 900, "interval": 5, "message": "To sign in, use a web browser to open the page https://microsoft.com/devicelogin and enter the code FDL5QMWXB to authenticate."}"#
                ),
                .json(
                    200,
                    #"{"token_type": "Bearer", "scope": "openid profile offline_access User.Read", "expires_in": 3599, "ext_expires_in": 3599, "access_token": "eyJ0eXAiOiJKV1Qi", "refresh_token": "0.AAAA-refresh", "id_token": "\#(idToken)"}"#
                ),
            ]
        ).result
    }

    /// Microsoft's `{tenantid}` issuer takes the token's own `tid`; a token
    /// whose `iss` names another tenant than its `tid` is refused.
    @Test func microsoftsIDTokenMustNameItsOwnTenant() async throws {
        let credential = try await microsoft(tid: Self.tenant).get()
        #expect(credential.account == "alice@contoso.com")
        #expect(credential.server == url("https://graph.microsoft.com"))
        #expect(credential.provider?.idTokenIssuer == "https://login.microsoftonline.com/{tenantid}/v2.0")
        await #expect(throws: SignInError.idTokenRejected(reason: "its issuer (iss) is not the provider")) {
            try await microsoft(tid: "9188040d-6c67-4c5b-b112-36a304b66dad").get()
        }
    }
}
