public import Foundation

/// Why ``TokenRefresher`` did not refresh.
public enum RefreshError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// More refreshes than the loop guard allows: `limit` in `seconds`.
    case tooManyRefreshes(limit: Int, seconds: Int)

    /// The message: what failed and what to do next.
    public var description: String {
        switch self {
        case .tooManyRefreshes(let limit, let seconds):
            "the session's token was refreshed \(limit) times in the last \(seconds) s, so no more refreshes "
                + "are tried for now (a guard against a refresh loop); try again in \(seconds) s, or log in again"
        }
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
