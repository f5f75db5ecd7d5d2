#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// An answer's body went past the most bytes it may have: the transfer was
/// stopped as soon as it did, so no more than the limit was ever held.
///
/// It reaches callers as ``NetworkError/transport(_:)``: what arrived is not
/// an answer the client can use.
///
/// ```swift
/// catch NetworkError.transport(let error as ResponseTooLargeError) { print("over", error.limit, "bytes") }
/// ```
public struct ResponseTooLargeError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The most bytes the body could have.
    public let limit: Int

    /// A body that went past `limit` bytes.
    public init(limit: Int) {
        self.limit = limit
    }

    /// The message.
    public var description: String {
        "the answer is larger than the limit of \(Self.format(limit)); it was stopped there"
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// `1 MiB`, `16 MiB`, or bytes when it is no whole number of KiB.
    package static func format(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
