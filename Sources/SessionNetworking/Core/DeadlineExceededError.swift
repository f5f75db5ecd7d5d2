#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// An exchange did not end within its overall time limit, and was stopped.
///
/// It reaches callers as ``NetworkError/transport(_:)``.
///
/// ```swift
/// catch NetworkError.transport(let error as DeadlineExceededError) { print("gave up after", error.limit) }
/// ```
public struct DeadlineExceededError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The time the exchange had.
    public let limit: Duration

    /// An exchange stopped after `limit`.
    public init(limit: Duration) {
        self.limit = limit
    }

    /// The message.
    public var description: String {
        "no complete answer within \(limit.components.seconds) s; the exchange was stopped"
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
