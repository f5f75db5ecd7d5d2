package import Foundation
package import SessionCore
import SessionSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The authorization code grant with PKCE (RFC 7636, S256) as a request
/// sequence: what ``AuthorizationCodeFlow`` runs once the browser came back.
/// It builds the authorization URL, takes the callback (its `state`, `iss`,
/// no repeated parameter), exchanges the code for tokens, checks the ID
/// token (`nonce`, `iss`, `aud`) and reads the account.
package struct AuthorizationCodeExchange: RequestSequence {
    /// What the last request sent was.
    private enum Sent {
        case tokenRequest(sentAt: Date)
        case userinfo(TokenGrant, idToken: [JSONObject], sentAt: Date)
    }

    let configuration: OAuthConfiguration
    /// A redirect fixed by the person (a port, another host), kept in the
    /// session so the next sign-in at this provider uses it again.
    let fixedRedirect: LoopbackRedirect?
    /// The PKCE pair of this sign-in.
    package let pkce: PKCE
    /// The `state` of this sign-in: 32 random bytes, base64url.
    package let state: String
    /// The OpenID Connect `nonce` of this sign-in; `nil` without the `openid` scope.
    package let nonce: String?
    /// The redirect URI in use: the listener's.
    package var redirectURI: URL?
    /// What the provider is asked to show, if anything.
    let prompt: SignInPrompt?
    private let now: @Sendable () -> Date
    private var code: String?
    private var sent: Sent?

    /// - Parameters:
    ///   - nonce: The nonce to send with the `openid` scope; a fresh random one when `nil`.
    package init(
        configuration: OAuthConfiguration, redirect: LoopbackRedirect = LoopbackRedirect(),
        redirectURI: URL? = nil, pkce: PKCE = PKCE(), state: String = Self.randomState(),
        nonce: String? = nil, prompt: SignInPrompt? = nil, now: @escaping @Sendable () -> Date
    ) {
        self.prompt = prompt
        self.configuration = configuration
        fixedRedirect = redirect.port != nil || redirect.host != .ipv4 ? redirect : nil
        self.redirectURI = redirectURI
        self.pkce = pkce
        self.state = state
        self.nonce = configuration.isOpenIDConnect ? nonce ?? Self.randomState() : nil
        self.now = now
    }

    /// 32 random bytes from the system generator, base64url.
    package static func randomState() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The URL to send the browser to.
    ///
    /// - Throws: ``SignInError/missingEndpoint(name:)`` when the provider has
    ///   no authorization endpoint; ``SignInError/invalidResponse(from:reason:)``
    ///   when no redirect URI is set yet.
    package func authorizationURL() throws -> URL {
        guard let endpoint = configuration.metadata.authorizationEndpoint else {
            throw SignInError.missingEndpoint(name: "authorization endpoint")
        }
        try OAuthWire.requireSafe(endpoint, "authorization endpoint")
        guard let redirectURI, var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        else {
            throw SignInError.invalidResponse(from: "authorization request", reason: "no redirect URI is set")
        }
        let fields = [
            ("response_type", "code"), ("client_id", configuration.clientID),
            ("redirect_uri", redirectURI.absoluteString),
            ("scope", configuration.scopes.joined(separator: " ")),
            ("state", state), ("nonce", nonce ?? ""), ("code_challenge", pkce.challenge),
            ("code_challenge_method", pkce.method), ("prompt", prompt?.rawValue ?? ""),
        ].filter { !$0.1.isEmpty }
        components.percentEncodedQuery =
            ([components.percentEncodedQuery].compactMap { $0 } + [OAuthWire.formBody(fields)])
            .joined(separator: "&")
        guard let url = components.url else {
            throw SignInError.invalidResponse(
                from: "authorization request", reason: "the URL cannot be built")
        }
        return url
    }

    /// Why a callback is not this sign-in's, or `nil` when it may be: its
    /// parameters must be readable, none repeated, and its `state` this one's.
    package func problem(with callback: URL) -> String? {
        switch Self.parameters(of: callback) {
        case .failure: RefusedCallback.malformed.description
        case .success(let parameters) where parameters["state"] != state:
            RefusedCallback.anotherSignIn.description
        case .success: nil
        }
    }

    /// Takes the browser's callback.
    ///
    /// - Throws: ``SignInError/callbackMismatch(_:)`` for another sign-in's
    ///   callback or another issuer, ``SignInError/callbackRejected(reason:)``
    ///   for a repeated parameter or a missing promised `iss`,
    ///   ``SignInError/accessDenied`` when the user said no,
    ///   ``SignInError/providerError(code:description:)`` for another error.
    package mutating func receive(callback: URL) throws {
        switch Self.parameters(of: callback) {
        case .failure: throw SignInError.callbackRejected(reason: RefusedCallback.malformed.description)
        case .success(let parameters): try receive(parameters: parameters)
        }
    }

    package mutating func receive(parameters items: [String: String]) throws {
        guard items["state"] == state else { throw SignInError.callbackMismatch("state") }
        if let issuer = items["iss"], issuer != configuration.metadata.issuer.absoluteString {
            throw SignInError.callbackMismatch("issuer")
        }
        // An error response carries no code, so the mix-up attack that iss
        // defends against gains nothing from one: it ends the sign-in as what
        // it says, with or without iss (django-oauth-toolkit sends none on
        // Cancel although it advertises iss).
        if let error = items["error"] {
            throw TokenGrant.Answer.failure(
                code: OAuthWire.isSafeCode(error) ? error : "(unprintable)",
                description: OAuthWire.shownDescription(items["error_description"]))
        }
        if items["iss"] == nil && configuration.metadata.sendsIssuerInAuthorizationResponse {
            throw SignInError.callbackRejected(
                reason: "it has a code but no iss, which the provider says it always sends (RFC 9207)")
        }
        guard let code = items["code"],
            OAuthWire.isPrintable(code, limit: SessionLimits.authorizationCodeLength)
        else {
            throw SignInError.callbackRejected(reason: "it has no code")
        }
        self.code = code
    }

    /// A provider's answer is held up to ``SessionLimits/providerAnswerSize``.
    package var responseLimit: Int { SessionLimits.providerAnswerSize }

    /// The code exchange, then the account, then the session.
    package mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Credential> {
        guard let previous, let sent else { return try exchange() }
        switch sent {
        case .tokenRequest(let sentAt):
            switch try TokenGrant.read(previous) {
            case .grant(let grant):
                let metadata = configuration.metadata
                let idToken = try grant.idToken.map {
                    [
                        try IDToken(
                            $0, issuer: metadata.issuer, clientID: configuration.clientID, nonce: nonce
                        ).claims
                    ]
                }
                guard let userinfo = metadata.userinfoEndpoint else {
                    return .finish(try session(grant, claims: idToken ?? [], sentAt: sentAt))
                }
                self.sent = .userinfo(grant, idToken: idToken ?? [], sentAt: sentAt)
                return .send(grant.userinfoRequest(userinfo))
            case .error(let code, let description):
                throw TokenGrant.Answer.failure(code: code, description: description)
            }
        case .userinfo(let grant, let idToken, let sentAt):
            let userinfo = AccountClaims.claims(fromUserinfo: previous).map { [$0] } ?? []
            return .finish(try session(grant, claims: userinfo + idToken, sentAt: sentAt))
        }
    }

    private mutating func exchange() throws -> SequenceStep<Credential> {
        guard let code, let redirectURI else {
            throw SignInError.invalidResponse(from: "authorization callback", reason: "no code was received")
        }
        try OAuthWire.requireSafe(configuration.metadata.tokenEndpoint, "token endpoint")
        sent = .tokenRequest(sentAt: now())
        return .send(
            try configuration.client().formPost(
                to: configuration.metadata.tokenEndpoint,
                [
                    ("grant_type", "authorization_code"), ("code", code),
                    ("redirect_uri", redirectURI.absoluteString), ("code_verifier", pkce.verifier),
                ]))
    }

    private func session(_ grant: TokenGrant, claims: [JSONObject], sentAt: Date) throws
        -> Credential
    {
        try configuration.session(grant, claims: claims, sentAt: sentAt, redirect: fixedRedirect)
    }

    private static func parameters(of callback: URL) -> Result<[String: String], CallbackQuery.Problem> {
        CallbackQuery.parse(URLComponents(url: callback, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
    }
}
