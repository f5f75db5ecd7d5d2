import Foundation
import Session
import Testing

/// PKCE and the code flow's callback checks, without a browser.
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

    func flow() -> AuthorizationCodeFlow {
        AuthorizationCodeFlow(
            metadata: Recorded.metadata, clientID: "cli-web", scopes: ["openid", "read"],
            redirectURI: url("http://127.0.0.1:54321/callback"),
            pkce: PKCE(verifier: "v" + String(repeating: "x", count: 42)),
            state: "state-123", now: { Date(timeIntervalSince1970: 1_800_000_000) })
    }

    @Test func theAuthorizationURLCarriesTheChallengeAndState() throws {
        let url = try flow().authorizationURL()
        let items = Dictionary(
            uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [])
                .map {
                    ($0.name, $0.value ?? "")
                })
        #expect(url.absoluteString.hasPrefix("https://login.example.com/authorize?"))
        #expect(items["response_type"] == "code" && items["client_id"] == "cli-web")
        #expect(items["redirect_uri"] == "http://127.0.0.1:54321/callback")
        #expect(items["state"] == "state-123" && items["code_challenge_method"] == "S256")
        #expect(items["code_challenge"] == flow().pkce.challenge)
        #expect(items["scope"] == "openid read")
        #expect(!url.absoluteString.contains(flow().pkce.verifier), "the verifier left in the URL")
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
        #expect(throws: SignInError.accessDenied) {
            try flow.receive(
                callback: url("http://127.0.0.1:54321/callback?error=access_denied&state=state-123"))
        }
    }

    @Test func theCodeIsExchangedWithTheVerifier() throws {
        var flow = flow()
        try flow.receive(
            callback: url(
                "http://127.0.0.1:54321/callback?code=the-code&state=state-123&iss=https%3A%2F%2Flogin.example.com"
            ))
        let run = Recorded.drive(flow, answers: ["token", "userinfo"])
        let credential = try run.result.get()
        #expect(credential.account == "alice")
        #expect(credential.expiresAt == Date(timeIntervalSince1970: 1_800_000_000 + 3600))
        let body = String(decoding: run.requests.first?.httpBody ?? Data(), as: UTF8.self)
        #expect(body.contains("grant_type=authorization_code") && body.contains("code=the-code"))
        #expect(body.contains("code_verifier=v" + String(repeating: "x", count: 42)))
        #expect(body.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A54321%2Fcallback"))
    }
}
