import Foundation
import Session
import SessionNetworking
import Testing

/// PKCE, the nonce, the callback's rules and the ID token's checks, without
/// a browser: the flow run by `NetworkClient.run` on recorded answers.
@Suite struct AuthorizationCodeFlowTests {
    /// RFC 7636 Appendix B.
    @Test func pkceMatchesTheRFCExample() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(pkce.method == "S256")
    }

    @Test func aFreshVerifierIs32RandomBytes() {
        let one = PKCE()
        let other = PKCE()
        #expect(one.verifier.count == 43 && one.verifier != other.verifier)
        #expect(one.verifier.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    static let nonce = "nonce-0123456789"

    func flow(
        scopes: [String] = ["openid", "read"], metadata: ProviderMetadata = Recorded.metadata,
        nonce: String? = AuthorizationCodeFlowTests.nonce
    ) -> AuthorizationCodeExchange {
        AuthorizationCodeExchange(
            configuration: OAuthConfiguration(metadata: metadata, clientID: "cli-web", scopes: scopes),
            redirectURI: url("http://127.0.0.1:54321/callback"),
            pkce: PKCE(verifier: "v" + String(repeating: "x", count: 42)), state: "state-123", nonce: nonce,
            now: { Date(timeIntervalSince1970: 1_800_000_000) })
    }

    func items(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
    }

    @Test func theAuthorizationURLCarriesTheChallengeStateAndNonce() throws {
        let url = try flow().authorizationURL()
        let items = items(url)
        #expect(url.absoluteString.hasPrefix("https://login.example.com/authorize?"))
        #expect(items["response_type"] == "code" && items["client_id"] == "cli-web")
        #expect(items["redirect_uri"] == "http://127.0.0.1:54321/callback")
        #expect(items["state"] == "state-123" && items["code_challenge_method"] == "S256")
        #expect(items["code_challenge"] == flow().pkce.challenge)
        #expect(items["scope"] == "openid read")
        #expect(items["nonce"] == Self.nonce)
        #expect(!url.absoluteString.contains(flow().pkce.verifier), "the verifier left in the URL")
    }

    /// With `openid`, a fresh nonce of 32 random bytes; without it, none.
    @Test func aNonceGoesOnlyWithOpenIDAndIsFresh() throws {
        let one = try #require(flow(nonce: nil).nonce)
        let other = try #require(flow(nonce: nil).nonce)
        #expect(one.count == 43 && one != other)
        #expect(flow(scopes: ["read"], nonce: nil).nonce == nil)
        #expect(items(try flow(scopes: ["read"], nonce: nil).authorizationURL())["nonce"] == nil)
    }

    @Test func callbacksFromAnotherLoginAreRefused() {
        var flow = flow()
        #expect(throws: SignInError.callbackMismatch("state")) {
            try flow.receive(callback: url("http://127.0.0.1:54321/callback?code=c&state=other"))
        }
        #expect(throws: SignInError.callbackMismatch("issuer")) {
            try flow.receive(
                callback: url(
                    "http://127.0.0.1:54321/callback?code=c&state=state-123&iss=https%3A%2F%2Fevil.example"))
        }
        #expect(flow.problem(with: url("http://127.0.0.1:54321/callback?code=c&state=nope")) != nil)
        #expect(flow.problem(with: url("http://127.0.0.1:54321/callback?code=c&state=state-123")) == nil)
    }

    /// RFC 6749 §3.1: a parameter given twice makes the answer unusable; the
    /// first (or last) never wins.
    @Test(arguments: [
        "state=A&state=state-123&code=x", "state=state-123&code=x&code=y",
        "state=state-123&code=x&iss=a&iss=b",
    ])
    func aRepeatedParameterIsRefused(query: String) {
        var flow = flow()
        let callback = url("http://127.0.0.1:54321/callback?" + query)
        #expect(flow.problem(with: callback) != nil)
        #expect(throws: SignInError.callbackRejected(reason: "its parameters repeat or cannot be read")) {
            try flow.receive(callback: callback)
        }
    }

    /// RFC 9207 §2.4: when discovery says the provider always sends `iss`,
    /// a callback with a code and without it is refused.
    @Test func aMissingIssuerIsRefusedWhenTheProviderPromisesOne() throws {
        var metadata = Recorded.metadata
        metadata.sendsIssuerInAuthorizationResponse = true
        var promised = flow(metadata: metadata)
        #expect(
            throws: SignInError.callbackRejected(
                reason: "it has a code but no iss, which the provider says it always sends (RFC 9207)")
        ) {
            try promised.receive(callback: url("http://127.0.0.1:54321/callback?code=c&state=state-123"))
        }
        try promised.receive(
            callback: url(
                "http://127.0.0.1:54321/callback?code=c&state=state-123&iss=https%3A%2F%2Flogin.example.com"))
        var unpromised = flow()
        try unpromised.receive(callback: url("http://127.0.0.1:54321/callback?code=c&state=state-123"))
    }

    /// Cancel at a provider that promises `iss` but, like django-oauth-toolkit,
    /// sends it only with a code: the error response of this sign-in (its
    /// `state`) ends it as denied, not as a refused answer. It carries no code,
    /// so there is nothing for a mix-up attack to steal. An `iss` naming
    /// another provider is still refused.
    @Test func anErrorWithoutTheIssuerEndsTheSignInAsItSays() {
        var metadata = Recorded.metadata
        metadata.sendsIssuerInAuthorizationResponse = true
        var promised = flow(metadata: metadata)
        #expect(throws: SignInError.accessDenied) {
            try promised.receive(
                callback: url("http://127.0.0.1:54321/callback?error=access_denied&state=state-123"))
        }
        #expect(throws: SignInError.providerError(code: "invalid_scope", description: nil)) {
            try promised.receive(
                callback: url("http://127.0.0.1:54321/callback?error=invalid_scope&state=state-123"))
        }
        #expect(throws: SignInError.callbackMismatch("issuer")) {
            try promised.receive(
                callback: url(
                    "http://127.0.0.1:54321/callback?error=access_denied&state=state-123&iss=https%3A%2F%2Fevil.example"
                ))
        }
        #expect(throws: SignInError.callbackMismatch("state")) {
            try promised.receive(
                callback: url("http://127.0.0.1:54321/callback?error=access_denied&state=other"))
        }
    }

    /// An error callback ends the sign-in with its code, and its description
    /// when it is made only of what OAuth allows, cut to 200 characters.
    @Test func anErrorCallbackEndsTheSignInWithItsDescription() {
        var flow = flow()
        let base = "http://127.0.0.1:54321/callback?state=state-123&error="
        #expect(throws: SignInError.accessDenied) { try flow.receive(callback: url(base + "access_denied")) }
        #expect(throws: SignInError.providerError(code: "invalid_request", description: "nonce required")) {
            try flow.receive(callback: url(base + "invalid_request&error_description=nonce+required"))
        }
        #expect(throws: SignInError.providerError(code: "invalid_request", description: nil)) {
            try flow.receive(callback: url(base + "invalid_request&error_description=%1B%5B2J"))
        }
        #expect(throws: SignInError.providerError(code: "invalid_request", description: nil)) {
            try flow.receive(callback: url(base + "invalid_request&error_description=%E2%80%AEevil"))
        }
        #expect(throws: SignInError.providerError(code: "(unprintable)", description: nil)) {
            try flow.receive(callback: url(base + "%1B%5B2J"))
        }
        let long = String(repeating: "a", count: 300)
        #expect(
            throws: SignInError.providerError(
                code: "server_error", description: String(long.prefix(199)) + "…")
        ) {
            try flow.receive(callback: url(base + "server_error&error_description=" + long))
        }
    }

    func exchanged(_ flow: AuthorizationCodeExchange = AuthorizationCodeFlowTests().flow()) throws
        -> AuthorizationCodeExchange
    {
        var flow = flow
        try flow.receive(
            callback: url(
                "http://127.0.0.1:54321/callback?code=the-code&state=state-123&iss=https%3A%2F%2Flogin.example.com"
            ))
        return flow
    }

    @Test func theCodeIsExchangedWithTheVerifier() async throws {
        let run = await Recorded.drive(try exchanged(), answers: ["token", "userinfo"])
        let credential = try run.result.get()
        #expect(credential.account == "alice")
        #expect(credential.expiresAt == Date(timeIntervalSince1970: 1_800_000_000 + 3600))
        let body = String(decoding: run.requests.first?.bodyData ?? Data(), as: UTF8.self)
        #expect(body.contains("grant_type=authorization_code") && body.contains("code=the-code"))
        #expect(body.contains("code_verifier=v" + String(repeating: "x", count: 42)))
        #expect(body.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A54321%2Fcallback"))
    }

    static func token(idToken claims: [String: Any]) -> Recorded.Reply {
        .json(
            200,
            #"{"access_token": "at_0123456789abcdef", "token_type": "Bearer", "expires_in": 3600, "id_token": "\#(Recorded.idToken(claims))"}"#
        )
    }

    static var good: [String: Any] {
        [
            "iss": "https://login.example.com", "aud": "cli-web", "nonce": nonce, "sub": "42",
            "name": "Alice Liddell",
        ]
    }

    /// A checked ID token names the account when userinfo does not answer.
    @Test func aMatchingIDTokenNamesTheAccount() async throws {
        let run = await Recorded.drive(
            try exchanged(), answers: [Self.token(idToken: Self.good), "not-found"])
        #expect(try run.result.get().account == "Alice Liddell")
        var listed = Self.good
        listed["aud"] = ["other-client", "cli-web"]
        let several = await Recorded.drive(
            try exchanged(), answers: [Self.token(idToken: listed), "not-found"])
        #expect(try several.result.get().account == "Alice Liddell")
    }

    /// Before any claim is used: the nonce must be this sign-in's, the
    /// issuer the provider, the audience this client.
    /// The claim's new value as JSON; `null` leaves it out.
    @Test(arguments: [
        ("nonce", #""another-nonce""#), ("nonce", "null"), ("iss", #""https://evil.example""#),
        ("aud", #""other-client""#), ("aud", #"["a", "b"]"#),
    ])
    func aMismatchedIDTokenIsRefused(claim: String, json: String) async throws {
        let named = claim
        var claims = Self.good
        claims[claim] = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        if json == "null" { claims[claim] = nil }
        let run = await Recorded.drive(try exchanged(), answers: [Self.token(idToken: claims), "userinfo"])
        guard case .failure(SignInError.idTokenRejected(let reason)) = run.result else {
            Issue.record("an ID token with a bad \(claim) was accepted")
            return
        }
        #expect(reason.contains(named))
        #expect(run.requests.count == 1, "userinfo was asked before the ID token was checked")
    }
}
