public import SessionCore
public import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Sign-in in the browser: the authorization code grant with PKCE
/// (RFC 7636, S256) and a loopback redirect (RFC 8252).
///
/// It listens on the ``redirect``, reports ``Event/authorizationURL(_:)``
/// (show it, open a browser), waits for the browser to come back (at most
/// its callback timeout, ``SessionLimits/browserWait`` by default),
/// exchanges the code for tokens and reads the account. It answers the
/// browser with a page that says how the sign-in ended only once ``Login``
/// has saved the session (or it failed), so the page never says more than
/// is true.
///
/// The callback must carry this sign-in's `state` (another one is refused
/// and the wait goes on) and no parameter twice. When the provider sends
/// `iss` (RFC 9207) it must be the issuer, and when discovery says it always
/// does, a callback with a code and without it is refused; an error (the
/// person pressed Cancel) ends the sign-in as what it says either way. With
/// the `openid` scope a fresh `nonce` goes with the request, and the ID
/// token's `nonce`, `iss` and `aud` are checked before any of its claims is
/// used. Each exchange with the provider ends within
/// ``SessionLimits/signInExchangeDeadline``.
///
/// ```swift
/// let flow = AuthorizationCodeFlow(configuration: configuration) { event in
///     if case .authorizationURL(let url) = event { print("Open", url) }
/// }
/// try await Login(provider: flow).perform(with: store)
/// ```
public struct AuthorizationCodeFlow: CredentialProvider {
    /// What happens during the sign-in, for the app to show.
    public enum Event: Sendable {
        /// The URL to sign in at: show it, and open a browser if you can.
        case authorizationURL(URL)
        /// The listener is waiting for the browser at this redirect URI.
        case waitingForBrowser(redirectURI: URL)
        /// A request to the callback path was refused; the wait goes on.
        case refusedCallback(RefusedCallback)
        /// An address pasted back was refused; the wait goes on.
        case refusedPaste(RefusedCallback)
    }

    /// The provider, the client and the scopes.
    public let configuration: OAuthConfiguration
    /// Where the browser comes back.
    public let redirect: LoopbackRedirect
    /// What the browser is shown at the end.
    public let pages: SignInPages
    /// This sign-in's PKCE pair, `state` and `nonce`, and the exchange after the callback.
    package let exchange: AuthorizationCodeExchange
    private let transport: any Transport
    private let callbackTimeout: Duration
    private let pasted: AsyncStream<String>?
    private let onEvent: @Sendable (Event) -> Void
    private let browser = BrowserSession()

    /// - Parameters:
    ///   - configuration: The provider (it needs an authorization endpoint),
    ///     the client registered with the redirect URI, the scopes.
    ///   - redirect: Where the browser comes back: by default `127.0.0.1` (a
    ///     known provider's own loopback host: Microsoft's `localhost`) on a
    ///     port the system picks; fixed for a provider that compares redirect
    ///     URIs exactly.
    ///   - pages: What the browser is shown at the end.
    ///   - transport: How requests are sent; by default as the configuration's
    ///     ``OAuthConfiguration/connection`` says.
    ///   - callbackTimeout: How long to wait for the browser.
    ///   - prompt: What the provider is asked to show (`prompt`), so a second account can sign in.
    ///   - pasted: Addresses the person pastes from a browser that cannot
    ///     reach this machine (one on another machine, over ssh): the
    ///     address bar of the page it could not open, with `code` and
    ///     `state`. The first of the listener and a paste that is this
    ///     sign-in's wins; another address is refused
    ///     (``Event/refusedPaste(_:)``) and the wait goes on.
    ///   - now: When requests are sent, for the expiry.
    ///   - onEvent: Hears what happens: the URL to open, the wait, refused requests.
    public init(
        configuration: OAuthConfiguration, redirect: LoopbackRedirect? = nil,
        pages: SignInPages = SignInPages(), transport: (any Transport)? = nil,
        callbackTimeout: Duration = SessionLimits.browserWait, prompt: SignInPrompt? = nil,
        pasted: AsyncStream<String>? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, onEvent: @escaping @Sendable (Event) -> Void
    ) {
        self.pasted = pasted
        let redirect =
            redirect ?? LoopbackRedirect(host: configuration.metadata.profile?.redirectHost ?? .ipv4)
        self.configuration = configuration
        self.redirect = redirect
        self.pages = pages
        exchange = AuthorizationCodeExchange(
            configuration: configuration, redirect: redirect, prompt: prompt, now: now)
        self.transport = transport ?? configuration.connection.transport()
        self.callbackTimeout = callbackTimeout
        self.onEvent = onEvent
    }

    /// Runs the whole sign-in: listener, browser, callback, exchange. The
    /// browser's page waits for ``loginFinished(_:)``.
    ///
    /// - Throws: ``SignInError``, or the `NetworkError` of a transport
    ///   failure; `CancellationError` when the task is cancelled.
    public func credential() async throws -> Credential {
        let state = exchange.state
        let listener = try LoopbackRedirectListener(
            redirect: redirect, pages: pages, accepts: { $0["state"] == state },
            onRefused: { [onEvent] in onEvent(.refusedCallback($0)) })
        browser.hold(listener)
        var exchange = exchange
        exchange.redirectURI = listener.redirectURI
        let client = NetworkClient(
            baseURL: configuration.metadata.issuer,
            transport: DeadlineTransport(transport, limit: SessionLimits.signInExchangeDeadline))
        do {
            exchange.binding = try configuration.newBinding()
            if try exchange.pushes() {
                // The request goes to the provider first; the browser carries only its reference.
                let push = {
                    try await client.run(
                        OneRequest(try exchange.pushRequest(), read: AuthorizationCodeExchange.readPush))
                }
                do {
                    exchange.requestURI = try await push()
                } catch SignInError.providerError(code: "use_dpop_nonce", _) where exchange.binding != nil {
                    // The provider wants its nonce in the proof: once more, with it.
                    exchange.requestURI = try await push()
                }
            }
            onEvent(.authorizationURL(try exchange.authorizationURL()))
            onEvent(.waitingForBrowser(redirectURI: listener.redirectURI))
            try exchange.receive(parameters: try await callback(listener, exchange))
            return try await client.run(exchange)
        } catch {
            await loginFinished(.failure(error))
            throw error
        }
    }

    /// The callback's parameters: the listener's, or the first address
    /// pasted that is this sign-in's, whichever comes first.
    private func callback(_ listener: LoopbackRedirectListener, _ exchange: AuthorizationCodeExchange)
        async throws -> [String: String]
    {
        guard let pasted else { return try await listener.callback(timeout: callbackTimeout) }
        let (timeout, onEvent) = (callbackTimeout, onEvent)
        return try await withThrowingTaskGroup(of: [String: String]?.self) { group in
            group.addTask { try await listener.callback(timeout: timeout) }
            group.addTask {
                for await line in pasted where !line.allSatisfy(\.isWhitespace) {
                    switch exchange.pasted(line, redirectURI: listener.redirectURI) {
                    case .success(let parameters): return parameters
                    case .failure(let reason): onEvent(.refusedPaste(reason))
                    }
                }
                // No more pastes (the terminal closed): the listener alone.
                return nil
            }
            while let outcome = try await group.next() {
                guard let parameters = outcome else { continue }
                group.cancelAll()
                return parameters
            }
            throw SignInError.browserTimedOut(seconds: Int(timeout.components.seconds))
        }
    }

    /// Answers the browser: signed in as whom on which server, denied, or
    /// failed and why. ``Login`` calls it once the session is saved.
    public func loginFinished(_ outcome: Result<Credential, any Error>) async {
        switch outcome {
        case .success(let credential):
            let server = credential.server ?? configuration.metadata.issuer
            await browser.end(.signedIn(account: credential.account, server: server.absoluteString))
        case .failure(SignInError.accessDenied):
            await browser.end(.denied)
        case .failure(let error):
            await browser.end(.failed(pages.describe(error)))
        }
    }
}
