public import SessionCore
import SessionSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Ends the person's session at the provider too, in the browser: OpenID
/// Connect RP-Initiated Logout 1.0. A logout that only revokes the grant
/// leaves the provider's own browser session alive, so the next sign-in
/// goes through without asking who is there; this one opens the provider's
/// `end_session_endpoint` with the session's ID token as `id_token_hint`,
/// the client's ID, a `post_logout_redirect_uri` on loopback (as a browser
/// sign-in's redirect, RFC 8252) and a fresh `state`, and waits for the
/// browser to come back with that `state`. The page it then shows says so.
///
/// Revoke the grant first (``Credential/revokeGrant(transport:at:)``): some
/// providers (django-oauth-toolkit) end the browser session without
/// touching the tokens of a device sign-in. Open the URL in the browser and
/// nowhere else: a provider may spend the `id_token_hint` on the first
/// request, and a second one gets an error page.
///
/// ```swift
/// let logout = ProviderLogout(credential: credential, metadata: metadata) { event in
///     if case .logoutURL(let url) = event { print("Open", url) }
/// }
/// switch try await logout.run() {
/// case .signedOut: print("Signed out at the provider too")
/// case .notOffered: print("The provider offers no logout in the browser")
/// case .noIDToken: print("The session has no ID token to name it to the provider")
/// }
/// ```
public struct ProviderLogout: Sendable {
    /// What happens during the logout, for the app to show.
    public enum Event: Sendable {
        /// The URL to open in the browser where the person signed in: a
        /// loopback URL of the listener that sends the browser on to the
        /// provider's logout, so the ID token it carries is never shown.
        case logoutURL(URL)
        /// The listener is waiting for the browser at this URI.
        case waitingForBrowser(redirectURI: URL)
        /// A request to the listener's path was refused; the wait goes on.
        case refusedCallback(RefusedCallback)
    }

    /// How it ended.
    public enum Outcome: Sendable, Hashable {
        /// The provider ended its session and sent the browser back.
        case signedOut
        /// The provider lists no `end_session_endpoint`: nothing was opened.
        case notOffered
        /// The session has no ID token (no `openid` scope, or a machine's):
        /// nothing names it to the provider, so nothing was opened.
        case noIDToken
    }

    private let credential: Credential
    private let metadata: ProviderMetadata
    private let redirect: LoopbackRedirect
    private let pages: SignInPages
    private let callbackTimeout: Duration
    private let onEvent: @Sendable (Event) -> Void

    /// - Parameters:
    ///   - credential: The session logged out, with its provider and ID token.
    ///   - metadata: The provider's endpoints, as discovery found them now.
    ///   - redirect: Where the browser comes back; the session's own browser
    ///     redirect by default (a provider that compares them exactly has it
    ///     registered), else `127.0.0.1` on a port the system picks.
    ///   - pages: What the browser is shown at the end.
    ///   - callbackTimeout: How long to wait for the browser.
    ///   - onEvent: Hears the URL to open, the wait, and refused requests.
    public init(
        credential: Credential, metadata: ProviderMetadata, redirect: LoopbackRedirect? = nil,
        pages: SignInPages = SignInPages(), callbackTimeout: Duration = SessionLimits.browserWait,
        onEvent: @escaping @Sendable (Event) -> Void
    ) {
        self.credential = credential
        self.metadata = metadata
        self.redirect = redirect ?? credential.provider?.redirect ?? LoopbackRedirect()
        self.pages = pages
        self.callbackTimeout = callbackTimeout
        self.onEvent = onEvent
    }

    /// Opens the logout and waits for the browser to come back.
    ///
    /// - Throws: ``SignInError/browserTimedOut(seconds:)`` when the browser
    ///   does not come back in time (the provider's session may still be
    ///   alive), ``SignInError/callbackAddressUnavailable(address:reason:)``,
    ///   ``SignInError/insecureEndpoint(name:)``; `CancellationError` when
    ///   the task is cancelled.
    public func run() async throws -> Outcome {
        guard let endpoint = metadata.endSessionEndpoint else { return .notOffered }
        guard let idToken = credential.idToken, let clientID = credential.provider?.clientID else {
            return .noIDToken
        }
        try OAuthWire.requireSafe(endpoint, "end session endpoint")
        let state = AuthorizationCodeExchange.randomState()
        let listener = try LoopbackRedirectListener(
            redirect: redirect, pages: pages, accepts: { $0["state"] == state },
            onRefused: { [onEvent] in onEvent(.refusedCallback($0)) })
        do {
            try await waitForTheBrowser(
                listener, idToken: idToken, clientID: clientID, endpoint: endpoint, state: state)
            await listener.closed()
            return .signedOut
        } catch {
            await listener.closed()
            throw error
        }
    }

    /// Sends the browser to the provider's logout through `listener`, and
    /// waits for it to come back with `state`.
    private func waitForTheBrowser(
        _ listener: LoopbackRedirectListener, idToken: AuthToken, clientID: String, endpoint: URL,
        state: String
    ) async throws {
        let fields = [
            ("id_token_hint", idToken.value), ("client_id", clientID),
            ("post_logout_redirect_uri", listener.redirectURI.absoluteString), ("state", state),
        ]
        guard let logout = OAuthWire.url(endpoint, adding: fields) else {
            throw SignInError.invalidResponse(
                from: "discovery", reason: "the end session endpoint is not a URL")
        }
        // The URL holds the ID token: the browser is sent there by the listener, the terminal never sees it.
        var start = URLComponents(url: listener.redirectURI, resolvingAgainstBaseURL: false)
        start?.path = Self.startPath
        guard let shown = start?.url else {
            throw SignInError.callbackAddressUnavailable(
                address: listener.redirectURI.absoluteString, reason: "no start URL can be made beside it")
        }
        listener.forward(Self.startPath, to: logout)
        onEvent(.logoutURL(shown))
        onEvent(.waitingForBrowser(redirectURI: listener.redirectURI))
        _ = try await listener.callback(timeout: callbackTimeout)
        listener.finish(.signedOut(issuer: metadata.issuer.absoluteString))
    }

    /// The listener's path that sends the browser on to the provider's logout.
    static let startPath = "/end-session"
}
