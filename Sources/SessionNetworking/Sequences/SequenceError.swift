#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Why ``NetworkClient/run(_:with:)`` stopped a sequence on its own.
///
/// ```swift
/// do { _ = try await client.run(upload) }
/// catch let error as SequenceError { print(error) }   // for example: more steps than its limit
/// ```
public enum SequenceError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The sequence asked for more than its ``RequestSequence/stepLimit``
    /// (``SessionLimits/sequenceSteps`` unless it says otherwise) requests
    /// without finishing: a sequence that never ends.
    case tooManySteps(limit: Int)
    /// A step's URL is not an absolute `http` or `https` URL with a host.
    case notAnHTTPURL

    /// The message: what failed and what to do next.
    public var description: String {
        switch self {
        case .tooManySteps(let limit):
            "the request sequence sent \(limit) requests without finishing; it was stopped"
        case .notAnHTTPURL:
            "a step of the request sequence is not an absolute http or https URL"
        }
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
