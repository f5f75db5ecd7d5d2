import Foundation
public import SessionCore

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Logs out when the session's own server answers 401 Unauthorized, so every
/// UI flips to "Log in" at once.
///
/// "Own server" means the request went to the credential's `server` origin, or
/// the credential names no server. A 401 from any other origin says nothing
/// about this session and leaves it alone; so does 403 (the token is valid but
/// not allowed to do that).
///
/// ```swift
/// let client = NetworkClient(baseURL: server, transport: URLSessionTransport(),
///                            behavior: UnauthorizedLogoutBehavior(repository: store))
/// ```
public struct UnauthorizedLogoutBehavior: RequestBehavior {
    private let repository: any LoginStateRepository

    public init(repository: any LoginStateRepository) {
        self.repository = repository
    }

    public func afterFailure(_ error: NetworkError, for request: URLRequest) async {
        guard case .status(code: 401, _) = error,
            let credential = try? repository.load().credential,
            credential.server.map({ Origin($0) == request.url.flatMap { Origin($0) } }) ?? true
        else { return }
        // A hook cannot throw; a store that cannot be cleared shows up on the next load.
        try? repository.clear()
    }
}
