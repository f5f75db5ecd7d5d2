import Foundation
import Session
import SessionCLIKit
import SessionSupport
import Testing

/// What the four known providers bend, each applied from its profile: by
/// issuer, at its own hosts only, and never to another provider.
@Suite struct ProviderProfileTests {
    @Test(arguments: [
        ("https://github.com", "github"), ("https://github.com/", "github"), ("https://gitlab.com", "gitlab"),
        ("https://accounts.google.com", "google"),
        ("https://login.microsoftonline.com/organizations/v2.0", "microsoft"),
        ("https://login.microsoftonline.com/common/v2.0", "microsoft"),
        ("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0", "microsoft"),
        ("https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0", "microsoft"),
    ])
    func aKnownIssuerIsItsProvider(issuer: String, name: String) {
        #expect(ProviderProfile.matching(url(issuer))?.name == name)
        #expect(ProviderProfile.named(name)?.name == name)
    }

    /// Every profile is found by its own issuer (the host table in
    /// `matching` is complete), and `login --provider` offers each by name.
    @Test func everyProfileIsFoundAndOffered() {
        for profile in ProviderProfile.all {
            #expect(ProviderProfile.matching(profile.issuer) == profile, "\(profile.name)")
        }
        #expect(
            LoginCommand.Option.provider.spec.valueName
                == ProviderProfile.all.map(\.name).joined(separator: "|"))
    }

    @Test(arguments: [
        "http://github.com", "https://github.com:8443", "https://gist.github.com", "https://github.com/login",
        "https://github.example.com", "https://gitlab.example.com", "https://accounts.google.com.evil.test",
        "https://login.microsoftonline.com/organizations", "https://login.microsoftonline.com/a/b/v2.0",
        "https://login.microsoftonline.com/{tenantid}/v2.0",
        "https://login.microsoftonline.evil.test/common/v2.0",
        "https://login.example.com",
    ])
    func anyOtherIssuerIsNone(issuer: String) {
        #expect(ProviderProfile.matching(url(issuer)) == nil)
    }

    /// Microsoft's common documents name `{tenantid}`, and a tenant asked
    /// for by its domain names its ID: accepted at Microsoft's host, in that
    /// shape only; for no other provider.
    @Test func onlyMicrosoftsDocumentsMayNameATenantTemplateOrID() {
        let microsoft = ProviderProfile.microsoft
        let organizations = url("https://login.microsoftonline.com/organizations/v2.0")
        let byDomain = url("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0")
        let guid = "https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0"
        #expect(
            microsoft.acceptsDocumentIssuer(
                "https://login.microsoftonline.com/{tenantid}/v2.0", askedAt: organizations))
        #expect(microsoft.acceptsDocumentIssuer(guid, askedAt: byDomain))
        for refused in [
            "https://login.microsoftonline.com/contoso/v2.0", "https://evil.test/{tenantid}/v2.0",
            "https://login.microsoftonline.com/{tenantid}/v2.0/",
            "https://login.microsoftonline.com/{tenantid}",
            "https://login.microsoftonline.com/72F988BF-86F1-41AF-91AB-2D7CD011DB47/v2.0",
            "https://login.microsoftonline.com/{tenantid}/v2.0?x=1",
        ] {
            #expect(!microsoft.acceptsDocumentIssuer(refused, askedAt: byDomain), "\(refused)")
        }
        #expect(
            !ProviderProfile.google.acceptsDocumentIssuer(
                "https://accounts.google.com/{tenantid}/v2.0", askedAt: url("https://accounts.google.com")))
    }

    /// The ID token of a `{tenantid}` issuer must name it with its own `tid`.
    @Test func aTenantTemplateIsFilledWithTheTokensOwnTenant() {
        let rule = IDTokenIssuer(
            issuer: url("https://login.microsoftonline.com/organizations/v2.0"),
            documentIssuer: "https://login.microsoftonline.com/{tenantid}/v2.0")
        let tenant = "72f988bf-86f1-41af-91ab-2d7cd011db47"
        let other = "9188040d-6c67-4c5b-b112-36a304b66dad"
        func claims(_ iss: String, tid: String?) -> JSONObject {
            var members: [JSONObject.Element] = [("iss", .string(iss))]
            if let tid { members.append(("tid", .string(tid))) }
            return JSONObject(members)
        }
        #expect(rule.accepts(claims("https://login.microsoftonline.com/\(tenant)/v2.0", tid: tenant)))
        // Another tenant's token, no tid, a tid that is not an ID, the template itself: refused.
        #expect(!rule.accepts(claims("https://login.microsoftonline.com/\(tenant)/v2.0", tid: other)))
        #expect(!rule.accepts(claims("https://login.microsoftonline.com/\(tenant)/v2.0", tid: nil)))
        #expect(!rule.accepts(claims("https://evil.test/v2.0", tid: "evil.test/v2.0#")))
        #expect(!rule.accepts(claims("https://login.microsoftonline.com/{tenantid}/v2.0", tid: "{tenantid}")))
        #expect(!rule.accepts(claims("https://evil.test/\(tenant)/v2.0", tid: tenant)))
    }

    /// `accounts.google.com` without the scheme is Google's issuer, and no one else's.
    @Test func googlesIssuerWithoutTheSchemeIsGooglesOnly() {
        let google = IDTokenIssuer(issuer: url("https://accounts.google.com"))
        #expect(google.accepts(["iss": .string("accounts.google.com")]))
        #expect(google.accepts(["iss": .string("https://accounts.google.com")]))
        let other = IDTokenIssuer(issuer: url("https://login.example.com"))
        #expect(!other.accepts(["iss": .string("accounts.google.com")]))
        #expect(!other.accepts(["iss": .string("login.example.com")]))
    }

    /// GitHub publishes no discovery document: its endpoints come from its
    /// profile, and nothing is sent to find them.
    @Test func githubIsKnownWithoutARequest() async throws {
        let metadata = try await ProviderMetadata.discover(
            issuer: url("https://github.com"), transport: Refusing())
        #expect(metadata.tokenEndpoint == url("https://github.com/login/oauth/access_token"))
        #expect(metadata.deviceAuthorizationEndpoint == url("https://github.com/login/device/code"))
        #expect(metadata.authorizationEndpoint == url("https://github.com/login/oauth/authorize"))
        #expect(metadata.userinfoEndpoint == url("https://api.github.com/user"))
        #expect(metadata.revocationEndpoint == nil)
    }

    /// GitLab's document lists no device endpoint: its profile's fills it
    /// in, and what the document lists wins.
    @Test func gitlabsDeviceEndpointFillsInWhatItsDocumentLacks() async throws {
        let document = Recorded.Reply.json(
            200,
            #"{"issuer": "https://gitlab.com", "authorization_endpoint": "https://gitlab.com/oauth/authorize", "token_endpoint": "https://gitlab.com/oauth/token", "revocation_endpoint": "https://gitlab.com/oauth/revoke", "userinfo_endpoint": "https://gitlab.com/oauth/userinfo"}"#
        )
        let run = await Recorded.drive(
            ProviderDiscovery(issuer: url("https://gitlab.com")), answers: [document, "not-found"])
        let metadata = try run.result.get()
        #expect(metadata.deviceAuthorizationEndpoint == url("https://gitlab.com/oauth/authorize_device"))
        #expect(metadata.tokenEndpoint == url("https://gitlab.com/oauth/token"))
    }

    /// An endpoint a known provider's document names at another host is
    /// refused before anything is sent there.
    @Test func anEndpointAtAnotherHostThanTheProvidersIsRefused() async {
        let document = Recorded.Reply.json(
            200,
            #"{"issuer": "https://accounts.google.com", "authorization_endpoint": "https://accounts.google.com/o/oauth2/v2/auth", "token_endpoint": "https://oauth2.googleapis.com.evil.test/token"}"#
        )
        let run = await Recorded.drive(
            ProviderDiscovery(issuer: url("https://accounts.google.com")), answers: [document, "not-found"])
        #expect(throws: SignInError.endpointOutsideProvider(name: "token endpoint", provider: "Google")) {
            try run.result.get()
        }
    }

    /// Microsoft's `{tenantid}` document is accepted at its host, and what
    /// ID tokens must name is kept; the same document from another issuer is not.
    @Test func microsoftsTemplateIsKeptForItsIDTokens() async throws {
        let document = { (host: String) in
            Recorded.Reply.json(
                200,
                #"{"issuer": "https://\#(host)/{tenantid}/v2.0", "token_endpoint": "https://\#(host)/organizations/oauth2/v2.0/token", "device_authorization_endpoint": "https://\#(host)/organizations/oauth2/v2.0/devicecode"}"#
            )
        }
        let issuer = url("https://login.microsoftonline.com/organizations/v2.0")
        let run = await Recorded.drive(
            ProviderDiscovery(issuer: issuer), answers: [document("login.microsoftonline.com"), "not-found"])
        let metadata = try run.result.get()
        #expect(metadata.idTokenIssuer == "https://login.microsoftonline.com/{tenantid}/v2.0")
        #expect(metadata.provider(clientID: "c").idTokenIssuer == metadata.idTokenIssuer)
        let elsewhere = url("https://login.example.com/organizations/v2.0")
        let refused = await Recorded.drive(
            ProviderDiscovery(issuer: elsewhere), answers: [document("login.example.com"), "not-found"])
        #expect(throws: SignInError.issuerMismatch(expected: elsewhere.absoluteString)) {
            try refused.result.get()
        }
    }

    /// Each provider's scopes: the defaults for none given, and what it
    /// needs for a refresh token and the account always.
    @Test func theScopesAProviderNeedsAreAlwaysAskedFor() {
        #expect(
            ProviderProfile.microsoft.scopes(given: ["Mail.Read"]) == [
                "Mail.Read", "openid", "profile", "offline_access",
            ])
        #expect(
            ProviderProfile.microsoft.scopes(given: []) == [
                "openid", "profile", "offline_access", "User.Read",
            ])
        #expect(ProviderProfile.google.scopes(given: ["email"]) == ["email", "openid"])
        #expect(ProviderProfile.github.scopes(given: []) == [])
        #expect(ProviderProfile.gitlab.scopes(given: ["api"]) == ["api", "openid"])
    }

    /// A transport that fails the test if anything is sent.
    struct Refusing: Transport {
        func send(_ head: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse) {
            let request = SentRequest(head: head, body: body)
            Issue.record("sent \(request.url?.absoluteString ?? "?")")
            throw URLError(.cancelled)
        }
    }
}
