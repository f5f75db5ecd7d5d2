/// Decides whether a failed request is worth sending once more, because
/// something that caused the failure has been fixed: the retrying half of a
/// behavior, apart from the four hooks of ``RequestBehavior`` (as Alamofire
/// keeps its adapter and retrier apart).
///
/// ``NetworkClient/send(_:with:)`` asks every behavior that is also a
/// retrier, after an error status and before the after-hooks run; a request
/// is sent at most twice. ``AuthTokenHeaderBehavior`` with a
/// ``TokenRefresher`` is one: a 401 for the session's current token from its
/// own server refreshes the token and asks for the retry.
///
/// ```swift
/// struct RetryOnceAfter503: RequestBehavior, RequestRetrier {
///     func shouldRetry(after error: NetworkError, context: RequestContext) async -> Bool {
///         if case .status(code: 503, _) = error { return true }
///         return false
///     }
/// }
/// ```
public protocol RequestRetrier: Sendable {
    /// Whether to send the request once more after `error`; `context` holds
    /// what it carried and its final response.
    func shouldRetry(after error: NetworkError, context: RequestContext) async -> Bool
}
