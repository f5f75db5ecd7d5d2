package import SessionCore
import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
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
    /// The sign-in's DPoP key, when the tokens are to be bound to it.
    package var binding: DPoPKey.Binding?
    /// The pushed request's reference (RFC 9126), once the request was pushed.
    package var requestURI: String?
    private let now: @Sendable () -> Date
    private var code: String?
    private var sent: Sent?
    /// Whether a nonce was asked for and answered at once.
    private var answeredNonce = false

    /// - Parameters:
    ///   - nonce: The nonce to send with the `openid` scope; a fresh random one when `nil`.
    package init(
        configuration: OAuthConfiguration, redirect: LoopbackRedirect = LoopbackRedirect(),
        redirectURI: URL? = nil, pkce: PKCE = PKCE(), state: String = Self.randomState(),
        nonce: String? = nil, prompt: SignInPrompt? = nil, now: @escaping @Sendable () -> Date
    ) {
        self.prompt = prompt
        self.configuration = configuration
        // Kept when it is not what the provider gets by default.
        let usual = configuration.metadata.profile?.redirectHost ?? .ipv4
        fixedRedirect = redirect.port != nil || redirect.host != usual ? redirect : nil
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
        // A pushed request: the browser carries only its reference (RFC 9126 §4).
        let fields =
            if let requestURI { [("client_id", configuration.clientID), ("request_uri", requestURI)] } else {
                try requestFields()
            }
        guard let url = OAuthWire.url(endpoint, adding: fields) else {
            throw SignInError.invalidResponse(
                from: "authorization request", reason: "the URL cannot be built")
        }
        return url
    }

    /// The authorization request's parameters, for the browser's URL or for a push.
    private func requestFields() throws -> [(String, String)] {
        guard let redirectURI else {
            throw SignInError.invalidResponse(from: "authorization request", reason: "no redirect URI is set")
        }
        let profile = configuration.metadata.profile
        return [
            ("response_type", "code"), ("client_id", configuration.clientID),
            ("redirect_uri", redirectURI.absoluteString),
            ("scope", configuration.requestedScopes.joined(separator: " ")),
            ("state", state), ("nonce", nonce ?? ""), ("code_challenge", pkce.challenge),
            ("code_challenge_method", pkce.method),
            ("prompt", (prompt ?? profile?.defaultPrompt)?.rawValue ?? ""),
            // The code is bound to the key too (RFC 9449 §10).
            ("dpop_jkt", binding?.thumbprint ?? ""),
        ].filter { !$0.1.isEmpty } + (profile?.authorizationParameters.map { ($0.name, $0.value) } ?? [])
    }

    /// Whether this sign-in pushes its request first: when the provider
    /// lists where (RFC 9126 §5).
    ///
    /// - Throws: ``SignInError/pushedRequestUnavailable`` when the provider
    ///   requires pushes but lists no endpoint for them.
    package func pushes() throws -> Bool {
        let metadata = configuration.metadata
        if metadata.pushedAuthorizationRequestEndpoint != nil { return true }
        if metadata.requiresPushedAuthorizationRequests { throw SignInError.pushedRequestUnavailable }
        return false
    }

    /// The push of the authorization request (RFC 9126 §2.1): its parameters
    /// in a form POST, authenticated as the client, with a DPoP proof for a
    /// bound sign-in.
    package func pushRequest() throws -> Outgoing {
        guard let endpoint = configuration.metadata.pushedAuthorizationRequestEndpoint else {
            throw SignInError.pushedRequestUnavailable
        }
        try OAuthWire.requireSafe(endpoint, "pushed authorization request endpoint")
        let client = try configuration.client(dpop: binding)
        // client_id once, as the client's authentication puts it, even with HTTP Basic (RFC 9126 §2.1).
        let fields = try requestFields().filter { $0.0 != "client_id" }
        return try client.proving(client.formPost(to: endpoint, fields, namingClient: true))
    }

    /// Reads the push's answer (RFC 9126 §2.2): `201` with `request_uri` and `expires_in`.
    ///
    /// - Throws: ``SignInError/providerError(code:description:)`` for an
    ///   error answer, ``SignInError/invalidResponse(from:reason:)`` otherwise.
    package static func readPush(_ answer: SequenceResponse) throws -> String {
        let from = "pushed authorization request endpoint"
        if let url = answer.response.url { DPoPNonces.keep(from: answer.response, for: url) }
        let object = try OAuthWire.answerObject(answer, from: from)
        if let error = OAuthWire.error(in: object) { throw error }
        guard (200...201).contains(answer.response.status.code) else {
            throw SignInError.invalidResponse(from: from, reason: "HTTP \(answer.response.status.code)")
        }
        guard let uri = try OAuthWire.string(object, "request_uri", from: from),
            OAuthWire.isPrintable(uri, limit: 2048), !uri.contains(" ")
        else {
            throw SignInError.invalidResponse(from: from, reason: "request_uri is missing or not printable")
        }
        guard try OAuthWire.integer(object, "expires_in", in: 1...86400, from: from) != nil else {
            throw SignInError.invalidResponse(from: from, reason: "expires_in is missing")
        }
        return uri
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

    /// The parameters of an address pasted from the browser's address bar
    /// (a browser on another machine, which could not reach the listener),
    /// or why it is not this sign-in's: it must be `redirectURI` itself
    /// (scheme, host, port and path), with readable parameters, none
    /// repeated, and this sign-in's `state`.
    package func pasted(_ text: String, redirectURI: URL) -> Result<[String: String], RefusedCallback> {
        let trimmed = text.trimmingWhitespace
        guard trimmed.utf8.count <= SessionLimits.authorizationCodeLength * 2,
            let components = URLComponents(string: trimmed),
            let expected = URLComponents(url: redirectURI, resolvingAgainstBaseURL: false),
            components.scheme?.lowercased() == expected.scheme,
            components.host?.lowercased() == expected.host,
            components.port == expected.port, components.percentEncodedPath == expected.percentEncodedPath,
            components.user == nil, components.password == nil
        else { return .failure(.anotherRedirect) }
        switch FormFields.parse(components.percentEncodedQuery) {
        case .failure: return .failure(.malformed)
        case .success(let parameters) where parameters["state"] != state: return .failure(.anotherSignIn)
        case .success(let parameters): return .success(parameters)
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
            let read = try TokenGrant.read(previous)
            if binding != nil, !answeredNonce, DPoPKey.asksForNonce(read) {
                // The provider wants its nonce in the proof: once more, with it (the code is unspent).
                answeredNonce = true
                return try exchange()
            }
            answeredNonce = false
            switch read {
            case .grant(let grant):
                let metadata = configuration.metadata
                let idToken = try grant.idToken.map {
                    [
                        try IDToken(
                            $0, issuer: metadata.idTokenIssuers, clientID: configuration.clientID,
                            nonce: nonce
                        ).claims
                    ]
                }
                guard let userinfo = metadata.userinfoEndpoint else {
                    return .finish(try session(grant, claims: idToken ?? [], sentAt: sentAt))
                }
                self.sent = .userinfo(grant, idToken: idToken ?? [], sentAt: sentAt)
                return .send(try grant.userinfoRequest(userinfo, key: binding?.key))
            case .error(let code, let description, _):
                throw TokenGrant.Answer.failure(code: code, description: description)
            }
        case .userinfo(let grant, let idToken, let sentAt):
            if binding != nil, !answeredNonce, let endpoint = configuration.metadata.userinfoEndpoint,
                DPoPKey.asksForNonce(previous)
            {
                answeredNonce = true
                return .send(try grant.userinfoRequest(endpoint, key: binding?.key))
            }
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
        let client = try configuration.client(dpop: binding)
        return .send(
            try client.proving(
                try client.formPost(
                    to: configuration.metadata.tokenEndpoint,
                    [
                        ("grant_type", "authorization_code"), ("code", code),
                        ("redirect_uri", redirectURI.absoluteString), ("code_verifier", pkce.verifier),
                    ])))
    }

    private func session(_ grant: TokenGrant, claims: [JSONObject], sentAt: Date) throws
        -> Credential
    {
        try configuration.session(
            grant, claims: claims, sentAt: sentAt, redirect: fixedRedirect, binding: binding)
    }

    private static func parameters(of callback: URL) -> Result<[String: String], FormFields.Problem> {
        FormFields.parse(URLComponents(url: callback, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
    }
}
