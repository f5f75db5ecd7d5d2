public import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Several behaviors acting as one, the first the outermost.
///
/// Headers and `beforeSend` run in array order; `afterSuccess` and
/// `afterFailure` in reverse, so the first behavior sees the request first and
/// the outcome last. Headers merge with *set* semantics: a later behavior's
/// value for a name (compared without case) replaces an earlier one. As a
/// ``RequestRetrier`` it asks each behavior that is one, in array order.
///
/// ```swift
/// let behavior = CombinedRequestBehavior([
///     AuthTokenHeaderBehavior(repository: store),
///     UnauthorizedLogoutBehavior(repository: store),
///     activity,
/// ])
/// ```
public struct CombinedRequestBehavior: RequestBehavior, RequestRetrier {
    /// The behaviors, the first the outermost.
    public let behaviors: [any RequestBehavior]

    /// Combines `behaviors`, the first the outermost.
    public init(_ behaviors: [any RequestBehavior]) {
        self.behaviors = behaviors
    }

    /// Every behavior's headers, merged in array order.
    public func additionalHeaders(for request: HTTPRequest) async throws -> [String: String] {
        // A later value replaces an earlier one under any spelling of its name.
        var merged: [String: (name: String, value: String)] = [:]
        for behavior in behaviors {
            for (name, value) in try await behavior.additionalHeaders(for: request) {
                merged[name.lowercased()] = (name, value)
            }
        }
        return Dictionary(uniqueKeysWithValues: merged.values.map { ($0.name, $0.value) })
    }

    /// Calls every behavior in array order.
    public func beforeSend(_ request: HTTPRequest) async {
        for behavior in behaviors { await behavior.beforeSend(request) }
    }

    /// Calls every behavior in reverse order.
    public func afterSuccess(_ response: HTTPResponse, data: Data, for request: HTTPRequest) async {
        for behavior in behaviors.reversed() {
            await behavior.afterSuccess(response, data: data, for: request)
        }
    }

    /// Calls every behavior in reverse order.
    public func afterFailure(_ error: NetworkError, for request: HTTPRequest) async {
        for behavior in behaviors.reversed() { await behavior.afterFailure(error, for: request) }
    }

    /// Whether any behavior that is a retrier asks for a retry (asked in array order, until one does).
    public func shouldRetry(after error: NetworkError, context: RequestContext) async -> Bool {
        for case let retrier as any RequestRetrier in behaviors
        where await retrier.shouldRetry(after: error, context: context) {
            return true
        }
        return false
    }
}
