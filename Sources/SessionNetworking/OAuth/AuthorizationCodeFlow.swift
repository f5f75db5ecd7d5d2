public import Foundation
public import SessionCore
import SessionSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sign-in in the browser: the authorization code grant with PKCE
/// (RFC 7636, S256) and a loopback redirect (RFC 8252).
///
/// As a ``RequestSequence`` it exchanges the code the browser brought back
/// (``receive(callback:)``) for tokens, then reads the account. As a
/// ``CredentialProvider`` it does the whole sign-in: it listens on the
/// ``redirect``, reports ``Event/authorizationURL(_:)`` (show it, open a
/// browser), waits for the callback, runs itself, and answers the browser
/// with a page that says how the sign-in ended, once ``Login`` has saved
/// the session (or it failed).
///
/// The callback must carry this sign-in's `state` (another one is refused
/// and the wait goes on) and no parameter twice. When the provider sends
/// `iss` (RFC 9207) it must be the issuer, and when discovery says it always
/// does, a callback without it is refused. With the `openid` scope a fresh
/// `nonce` goes with the request, and the ID token's `nonce`, `iss` and
/// `aud` are checked before any of its claims is used.
///
/// ```swift
/// let flow = AuthorizationCodeFlow(configuration: configuration) { event in
///     if case .authorizationURL(let url) = event { print("Opening", url); SystemBrowser.open(url) }
/// }
/// try await Login(provider: flow).perform(with: store)
/// ```
public struct AuthorizationCodeFlow: RequestSequence, CredentialProvider {
    /// What happens during the sign-in, for the app to show.
    public enum Event: Sendable {
        /// The URL to sign in at: show it, and open a browser if you can.
        case authorizationURL(URL)
        /// The listener is waiting for the browser at this redirect URI.
        case waitingForBrowser(redirectURI: URL)
        /// A request to the callback path was refused; the wait goes on.
        case refusedCallback(RefusedCallback)
    }

    /// What the last request sent was.
    private enum Sent {
        case tokenRequest(sentAt: Date)
        case userinfo(TokenGrant, idToken: [JSONObject], sentAt: Date)
    }

    /// The provider, the client and the scopes.
    public let configuration: OAuthConfiguration
    /// Where the browser comes back.
    public let redirect: LoopbackRedirect
    /// What the browser is shown at the end.
    public let pages: SignInPages
    /// The PKCE pair of this sign-in.
    public let pkce: PKCE
    /// The `state` of this sign-in: 32 random bytes, base64url.
    public let state: String
    /// The OpenID Connect `nonce` of this sign-in; `nil` without the `openid` scope.
    public let nonce: String?
    /// The redirect URI in use: set by the listener, or given to drive the sequence by hand.
    public private(set) var redirectURI: URL?
    private let transport: any Transport
    private let callbackTimeout: Duration
    private let now: @Sendable () -> Date
    private let onEvent: @Sendable (Event) -> Void
    private let browser = BrowserSession()
    private var code: String?
    private var sent: Sent?

    /// - Parameters:
    ///   - configuration: The provider (it needs an authorization endpoint),
    ///     the client registered with the redirect URI, the scopes.
    ///   - redirect: Where the browser comes back: `127.0.0.1` on a port the
    ///     system picks, unless fixed for a provider that compares redirect URIs exactly.
    ///   - pages: What the browser is shown at the end.
    ///   - redirectURI: Set it only to drive the sequence by hand; the
    ///     ``CredentialProvider`` conformance listens and uses its own.
    ///   - pkce: The PKCE pair (a fresh one by default).
    ///   - state: The `state` value (a fresh random one by default).
    ///   - nonce: The `nonce` sent with the `openid` scope (a fresh random one by default).
    ///   - transport: How the ``CredentialProvider`` conformance sends.
    ///   - callbackTimeout: How long to wait for the browser.
    ///   - now: When requests are sent, for the expiry.
    ///   - onEvent: Hears what happens: the URL to open, the wait, refused requests.
    public init(
        configuration: OAuthConfiguration, redirect: LoopbackRedirect = LoopbackRedirect(),
        pages: SignInPages = SignInPages(), redirectURI: URL? = nil, pkce: PKCE = PKCE(),
        state: String = AuthorizationCodeFlow.randomState(), nonce: String? = nil,
        transport: any Transport = URLSessionTransport(), callbackTimeout: Duration = .seconds(300),
        now: @escaping @Sendable () -> Date = { Date() }, onEvent: @escaping @Sendable (Event) -> Void
    ) {
        self.configuration = configuration
        self.redirect = redirect
        self.pages = pages
        self.redirectURI = redirectURI
        self.pkce = pkce
        self.state = state
        self.nonce = configuration.isOpenIDConnect ? nonce ?? Self.randomState() : nil
        self.transport = transport
        self.callbackTimeout = callbackTimeout
        self.now = now
        self.onEvent = onEvent
    }

    /// The flow for a public client, with the authorization URL handed to a closure.
    @available(*, deprecated, message: "use init(configuration:redirect:pages:…:onEvent:)")
    public init(
        metadata: ProviderMetadata, clientID: String, scopes: [String] = [], server: URL? = nil,
        redirectURI: URL? = nil, pkce: PKCE = PKCE(), state: String = AuthorizationCodeFlow.randomState(),
        transport: any Transport = URLSessionTransport(), callbackTimeout: Duration = .seconds(300),
        now: @escaping @Sendable () -> Date = { Date() },
        onAuthorizationURL: @escaping @Sendable (URL) -> Void = { _ in }
    ) {
        self.init(
            configuration: OAuthConfiguration(
                metadata: metadata, clientID: clientID, scopes: scopes, server: server),
            redirectURI: redirectURI, pkce: pkce, state: state, transport: transport,
            callbackTimeout: callbackTimeout, now: now
        ) { event in
            if case .authorizationURL(let url) = event { onAuthorizationURL(url) }
        }
    }

    /// 32 random bytes from the system generator, base64url.
    public static func randomState() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The URL to send the browser to.
    ///
    /// - Throws: ``SignInError/missingEndpoint(name:)`` when the provider has
    ///   no authorization endpoint; ``SignInError/invalidResponse(from:reason:)``
    ///   when no redirect URI is set yet.
    public func authorizationURL() throws -> URL {
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
            ("code_challenge_method", pkce.method),
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
    public func problem(with callback: URL) -> String? {
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
    public mutating func receive(callback: URL) throws {
        switch Self.parameters(of: callback) {
        case .failure: throw SignInError.callbackRejected(reason: RefusedCallback.malformed.description)
        case .success(let parameters): try receive(parameters: parameters)
        }
    }

    private mutating func receive(parameters items: [String: String]) throws {
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
        guard let code = items["code"], OAuthWire.isPrintable(code, limit: 4096) else {
            throw SignInError.callbackRejected(reason: "it has no code")
        }
        self.code = code
    }

    /// Runs the whole sign-in: listener, browser, callback, exchange. The
    /// browser's page waits for ``loginFinished(_:)``.
    public func credential() async throws -> Credential {
        let state = state
        let listener = try LoopbackRedirectListener(
            redirect: redirect, pages: pages, accepts: { $0["state"] == state },
            onRefused: { [onEvent] in onEvent(.refusedCallback($0)) })
        browser.hold(listener)
        var flow = self
        flow.redirectURI = listener.redirectURI
        do {
            onEvent(.authorizationURL(try flow.authorizationURL()))
            onEvent(.waitingForBrowser(redirectURI: listener.redirectURI))
            try flow.receive(parameters: try await listener.callback(timeout: callbackTimeout))
            return try await NetworkClient(baseURL: configuration.metadata.issuer, transport: transport).run(
                flow)
        } catch {
            await loginFinished(.failure(error))
            throw error
        }
    }

    /// Answers the browser: signed in as whom on which server, denied, or
    /// failed and why. ``Login`` calls it once the session is saved.
    public func loginFinished(_ outcome: Result<Credential, any Error>) async {
        switch outcome {
        case .success(let credential):
            let server = credential.server ?? configuration.metadata.issuer
            browser.end(.signedIn(account: credential.account, server: server.absoluteString))
        case .failure(SignInError.accessDenied):
            browser.end(.denied)
        case .failure(let error):
            browser.end(.failed(pages.describe(error)))
        }
    }

    /// A provider's answer is held up to 1 MiB, and refused past it as it arrives.
    public var responseLimit: Int { OAuthWire.maximumBody }

    /// The code exchange, then the account, then the session.
    public mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Credential> {
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
        // A fixed redirect is kept, so the next sign-in at this provider uses it again.
        let fixed = redirect.port != nil || redirect.host != .ipv4 ? redirect : nil
        return try configuration.session(grant, claims: claims, sentAt: sentAt, redirect: fixed)
    }

    private static func parameters(of callback: URL) -> Result<[String: String], CallbackQuery.Problem> {
        CallbackQuery.parse(URLComponents(url: callback, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
    }
}
