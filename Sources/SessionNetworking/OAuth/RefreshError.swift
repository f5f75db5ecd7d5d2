public import Foundation

/// Why ``TokenRefresher`` did not refresh.
public enum RefreshError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// More refreshes than the loop guard allows: `limit` in `seconds`.
    case tooManyRefreshes(limit: Int, seconds: Int)

    /// The message: what failed and what to do next.
    public var description: String {
        switch self {
        case .tooManyRefreshes(let limit, let seconds):
            "the session was refreshed \(limit) times in \(seconds) s, and the server still refuses it; "
                + "stopped instead of asking again (check the server, or log in again)"
        }
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
