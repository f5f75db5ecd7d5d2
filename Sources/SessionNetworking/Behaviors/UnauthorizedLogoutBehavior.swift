public import SessionCore
public import SessionHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Logs out when the session's own server answers 401 Unauthorized to the
/// session's current token, so every UI flips to "Log in" at once.
///
/// The session ends only when all three hold:
/// - the 401 came from the session's origin *after redirects*: the
///   credential's `server`, or, when it names none, the origin the request
///   was sent to;
/// - the request carried the token that is still stored (its
///   ``RequestContext/carriedToken``, as recorded by ``AuthTokenHeaderBehavior``);
/// - the check and the clear run as one ``LoginStateRepository/update(_:)``,
///   under the store's writer lock.
///
/// So a late 401 for an old token never logs out a newer session, in this
/// process or another, and a 401 from another origin, a 401 that asks a DPoP
/// proof for a nonce (`use_dpop_nonce`), a 403 or a 500 leaves the session
/// alone. A session that can refresh (``Credential/canRefresh``)
/// is left to ``TokenRefresher``: it ends when the provider refuses the
/// refresh, not at a 401.
///
/// ```swift
/// let client = NetworkClient(baseURL: server, transport: URLSessionTransport(),
///     behavior: CombinedRequestBehavior([
///         AuthTokenHeaderBehavior(repository: store),
///         UnauthorizedLogoutBehavior(repository: store),
///     ]))
/// ```
public struct UnauthorizedLogoutBehavior: RequestBehavior {
    private let repository: any LoginStateRepository

    /// - Parameter repository: The store whose session a 401 ends.
    public init(repository: any LoginStateRepository) {
        self.repository = repository
    }

    /// Ends the session for a 401 about its current token from its own
    /// origin, judged from the request's ``RequestContext/current``.
    public func afterFailure(_ error: NetworkError, for request: HTTPRequest) async {
        guard case .status(code: 401, _) = error, let context = RequestContext.current,
            let carried = context.carriedToken
        else { return }
        // A 401 that asks a bound session's proof for a nonce (RFC 9449 §9) says nothing of the token.
        if let response = context.response, DPoPNonces.isAskedFor(by: response) { return }
        // A hook cannot throw; a store that cannot be cleared shows up on the next load.
        let answeredByOrigin = { @Sendable (credential: Credential) in
            context.wasAnsweredByOrigin(of: credential)
        }
        _ = try? await repository.calling { repository in
            try repository.update { state in
                // A session that can refresh ends only when its provider refuses
                // the refresh (the refresher clears it then), not at a 401: a
                // refresh that failed for a passing reason keeps it.
                guard let credential = state.credential, !credential.canRefresh,
                    credential.token.fingerprint == carried, answeredByOrigin(credential)
                else { return }
                state = .loggedOut
            }
        }
    }
}
