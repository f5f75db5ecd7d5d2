public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Several behaviors acting as one, the first the outermost.
///
/// Headers and `beforeSend` run in array order; `afterSuccess` and
/// `afterFailure` in reverse, so the first behavior sees the request first and
/// the outcome last. Headers merge with *set* semantics: a later behavior's
/// value for a name (compared without case) replaces an earlier one.
///
/// ```swift
/// let behavior = CombinedRequestBehavior([
///     AuthTokenHeaderBehavior(repository: store),
///     UnauthorizedLogoutBehavior(repository: store),
///     activity,
/// ])
/// ```
public struct CombinedRequestBehavior: RequestBehavior {
    /// The behaviors, the first the outermost.
    public let behaviors: [any RequestBehavior]

    /// Combines `behaviors`, the first the outermost.
    public init(_ behaviors: [any RequestBehavior]) {
        self.behaviors = behaviors
    }

    /// Every behavior's headers, merged in array order.
    public func additionalHeaders(for request: URLRequest) async throws -> [String: String] {
        try await additionalHeaders(for: request, context: RequestContext(request: request))
    }

    /// Calls every behavior in array order.
    public func beforeSend(_ request: URLRequest) async {
        for behavior in behaviors { await behavior.beforeSend(request) }
    }

    /// Calls every behavior in reverse order.
    public func afterSuccess(_ response: HTTPURLResponse, data: Data, for request: URLRequest) async {
        for behavior in behaviors.reversed() {
            await behavior.afterSuccess(response, data: data, for: request)
        }
    }

    /// Calls every behavior in reverse order.
    public func afterFailure(_ error: NetworkError, for request: URLRequest) async {
        for behavior in behaviors.reversed() { await behavior.afterFailure(error, for: request) }
    }

    // The context forms: what NetworkClient calls. Each behavior gets its own
    // context form, which by default calls its plain form.

    /// Every behavior's headers with its context, merged in array order.
    public func additionalHeaders(for request: URLRequest, context: RequestContext) async throws -> [String:
        String]
    {
        var merged = HeaderFields()
        for behavior in behaviors {
            for (name, value) in try await behavior.additionalHeaders(for: request, context: context) {
                merged.set(name, value)
            }
        }
        return merged.dictionary
    }

    /// Calls every behavior's context form, in reverse order.
    public func afterSuccess(_ response: HTTPURLResponse, data: Data, context: RequestContext) async {
        for behavior in behaviors.reversed() {
            await behavior.afterSuccess(response, data: data, context: context)
        }
    }

    /// Whether any behavior asks for a retry (asked in array order, until one does).
    public func shouldRetry(after error: NetworkError, context: RequestContext) async -> Bool {
        for behavior in behaviors where await behavior.shouldRetry(after: error, context: context) {
            return true
        }
        return false
    }

    /// Calls every behavior's context form, in reverse order.
    public func afterFailure(_ error: NetworkError, context: RequestContext) async {
        for behavior in behaviors.reversed() { await behavior.afterFailure(error, context: context) }
    }
}
