public import Foundation
public import SessionCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sign-in in the browser: the authorization code grant with PKCE
/// (RFC 7636, S256) and a loopback redirect (RFC 8252).
///
/// As a ``RequestSequence`` it exchanges the code the browser brought back
/// (``receive(callback:)``) for tokens, then reads the account. As a
/// ``CredentialProvider`` it does the whole sign-in: it opens a
/// ``LoopbackRedirectListener``, hands the ``authorizationURL`` to
/// `onAuthorizationURL` (which shows it and may open a browser), waits for
/// the callback, and runs itself.
///
/// The callback must carry this login's `state`; when the provider sends
/// `iss` (RFC 9207), it must be the issuer. A callback that fails either is
/// refused and the wait goes on. `error=access_denied` is
/// ``SignInError/accessDenied``.
///
/// ```swift
/// let flow = AuthorizationCodeFlow(metadata: metadata, clientID: "my-cli", scopes: ["openid"]) { url in
///     print("Opening", url)
///     SystemBrowser.open(url)
/// }
/// try await Login(provider: flow).perform(with: store)
/// ```
public struct AuthorizationCodeFlow: RequestSequence, CredentialProvider {
    private enum Stage {
        case start
        case exchanging(sentAt: Date)
        case readingAccount(TokenGrant, sentAt: Date)
    }

    private let metadata: ProviderMetadata
    private let clientID: String
    private let scopes: [String]
    private let server: URL?
    private let transport: any Transport
    private let now: @Sendable () -> Date
    private let callbackTimeout: Duration
    private let onAuthorizationURL: @Sendable (URL) -> Void
    private var stage = Stage.start
    private var code: String?

    /// Where the browser comes back; set by the listener, or given for tests.
    public private(set) var redirectURI: URL?
    /// The PKCE pair of this login.
    public let pkce: PKCE
    /// The `state` of this login: 32 random bytes, base64url.
    public let state: String

    /// - Parameters:
    ///   - metadata: The provider; it needs an authorization endpoint.
    ///   - clientID: The public client registered with the loopback redirect
    ///     `http://127.0.0.1/callback`.
    ///   - scopes: The scopes to ask for.
    ///   - server: Where the session's token may go; the issuer's origin when `nil`.
    ///   - redirectURI: Set it only to drive the sequence by hand; the
    ///     ``CredentialProvider`` conformance opens a listener and uses its URI.
    ///   - pkce: The PKCE pair (a fresh one by default).
    ///   - state: The `state` value (a fresh random one by default).
    ///   - transport: How the ``CredentialProvider`` conformance sends.
    ///   - callbackTimeout: How long to wait for the browser.
    ///   - now: When requests are sent, for the expiry.
    ///   - onAuthorizationURL: Shows the URL to sign in at, and may open a browser.
    public init(
        metadata: ProviderMetadata, clientID: String, scopes: [String] = [], server: URL? = nil,
        redirectURI: URL? = nil, pkce: PKCE = PKCE(), state: String = AuthorizationCodeFlow.randomState(),
        transport: any Transport = URLSessionTransport(), callbackTimeout: Duration = .seconds(300),
        now: @escaping @Sendable () -> Date = { Date() },
        onAuthorizationURL: @escaping @Sendable (URL) -> Void = { _ in }
    ) {
        self.metadata = metadata
        self.clientID = clientID
        self.scopes = scopes
        self.server = server
        self.redirectURI = redirectURI
        self.pkce = pkce
        self.state = state
        self.transport = transport
        self.callbackTimeout = callbackTimeout
        self.now = now
        self.onAuthorizationURL = onAuthorizationURL
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
        guard let endpoint = metadata.authorizationEndpoint else {
            throw SignInError.missingEndpoint(name: "authorization endpoint")
        }
        try OAuthWire.requireSafe(endpoint, "authorization endpoint")
        guard let redirectURI, var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        else {
            throw SignInError.invalidResponse(from: "authorization request", reason: "no redirect URI is set")
        }
        let fields = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI.absoluteString),
            ("scope", scopes.joined(separator: " ")), ("state", state), ("code_challenge", pkce.challenge),
            ("code_challenge_method", pkce.method),
        ].filter { !$0.1.isEmpty }
        let query = fields.map { "\(OAuthWire.formEncoded($0.0))=\(OAuthWire.formEncoded($0.1))" }
        components.percentEncodedQuery =
            ([components.percentEncodedQuery].compactMap { $0 } + query).joined(separator: "&")
        guard let url = components.url else {
            throw SignInError.invalidResponse(
                from: "authorization request", reason: "the URL cannot be built")
        }
        return url
    }

    /// Why a callback is not this login's, or `nil` when it is: what the
    /// listener asks before it accepts one.
    public func problem(with callback: URL) -> String? {
        let items = Self.queryItems(callback)
        guard items["state"] == state else { return "the state does not match" }
        if let issuer = items["iss"], issuer != metadata.issuer.absoluteString {
            return "the issuer does not match"
        }
        return nil
    }

    /// Takes the browser's callback.
    ///
    /// - Throws: ``SignInError/callbackMismatch(_:)`` for another login's
    ///   callback, ``SignInError/accessDenied`` when the user said no,
    ///   ``SignInError/providerError(code:)`` for another error.
    public mutating func receive(callback: URL) throws {
        let items = Self.queryItems(callback)
        guard items["state"] == state else { throw SignInError.callbackMismatch("state") }
        if let issuer = items["iss"], issuer != metadata.issuer.absoluteString {
            throw SignInError.callbackMismatch("issuer")
        }
        if let error = items["error"] {
            if error == "access_denied" { throw SignInError.accessDenied }
            throw SignInError.providerError(code: OAuthWire.isSafeCode(error) ? error : "(unprintable)")
        }
        guard let code = items["code"], OAuthWire.isPrintable(code, limit: 4096) else {
            throw SignInError.invalidResponse(from: "authorization callback", reason: "there is no code")
        }
        self.code = code
    }

    /// Runs the whole sign-in: listener, browser, callback, exchange.
    public func credential() async throws -> Credential {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        var flow = self
        flow.redirectURI = listener.redirectURI
        onAuthorizationURL(try flow.authorizationURL())
        let callback: URL
        do {
            callback = try await listener.waitForCallback(timeout: callbackTimeout) { [flow] in
                flow.problem(with: $0)
            }
        } catch ListenerError.timedOut {
            throw SignInError.browserTimedOut(seconds: Int(callbackTimeout.components.seconds))
        }
        try flow.receive(callback: callback)
        return try await NetworkClient(baseURL: metadata.issuer, transport: transport).run(flow)
    }

    /// The code exchange, then the account, then the session.
    public mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Credential> {
        switch (stage, previous) {
        case (.start, _):
            guard let code, let redirectURI else {
                throw SignInError.invalidResponse(
                    from: "authorization callback", reason: "no code was received")
            }
            try OAuthWire.requireSafe(metadata.tokenEndpoint, "token endpoint")
            stage = .exchanging(sentAt: now())
            return .send(
                OAuthWire.formPost(
                    to: metadata.tokenEndpoint,
                    [
                        ("grant_type", "authorization_code"), ("code", code),
                        ("redirect_uri", redirectURI.absoluteString), ("client_id", clientID),
                        ("code_verifier", pkce.verifier),
                    ]))
        case (.exchanging(let sentAt), let answer?):
            switch try TokenGrant.read(answer) {
            case .grant(let grant):
                guard let userinfo = metadata.userinfoEndpoint else {
                    return .finish(session(grant, userinfo: nil, sentAt: sentAt))
                }
                stage = .readingAccount(grant, sentAt: sentAt)
                return .send(grant.userinfoRequest(userinfo))
            case .error(code: "access_denied"):
                throw SignInError.accessDenied
            case .error(let code):
                throw SignInError.providerError(code: code)
            }
        case (.readingAccount(let grant, let sentAt), let answer?):
            return .finish(session(grant, userinfo: answer, sentAt: sentAt))
        case (_, nil):
            throw SignInError.invalidResponse(from: "code exchange", reason: "an answer is missing")
        }
    }

    private func session(_ grant: TokenGrant, userinfo: SequenceResponse?, sentAt: Date) -> Credential {
        grant.session(
            userinfo: userinfo, metadata: metadata, clientID: clientID, requestedScopes: scopes,
            server: server,
            sentAt: sentAt)
    }

    private static func queryItems(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.compactMap { item in item.value.map { (item.name, $0) } }) { first, _ in first
        }
    }
}
