public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A step every request passes through: it can add headers, and it hears
/// when the request is sent and how it ended.
///
/// Every hook has a do-nothing default, so a behavior implements only what it
/// needs. The signatures must match exactly: a method whose signature differs
/// (say `afterFailure(_:)` without `for:`) is not a requirement's
/// implementation, and the default runs instead, silently.
///
/// ```swift
/// struct RequestLogger: RequestBehavior {
///     func beforeSend(_ request: URLRequest) async {
///         print("→", request.httpMethod ?? "GET", request.url?.path ?? "")
///     }
///     func afterSuccess(_ response: HTTPURLResponse, data: Data, for request: URLRequest) async {
///         print("←", response.statusCode)
///     }
///     func afterFailure(_ error: NetworkError, for request: URLRequest) async {
///         print("✗", error)
///     }
/// }
/// ```
///
/// The after-hooks run only for a request whose `beforeSend` ran: a request
/// refused while it is being built throws at once and calls neither.
///
/// Three hooks also come in a form that takes the request's
/// ``RequestContext`` (which token it carried, the final response after
/// redirects). ``NetworkClient`` calls those; their defaults call the plain
/// forms above, so a behavior implements whichever form it needs.
public protocol RequestBehavior: Sendable {
    /// Headers to set on the request. A later behavior's value replaces an
    /// earlier one; a header the request itself carries wins over both.
    /// Throwing refuses the request before anything is sent.
    func additionalHeaders(for request: URLRequest) async throws -> [String: String]
    /// Called with the final request, just before it goes to the transport.
    func beforeSend(_ request: URLRequest) async
    /// Called after a 2xx response whose body decoded.
    func afterSuccess(_ response: HTTPURLResponse, data: Data, for request: URLRequest) async
    /// Called once for every failure after `beforeSend`: transport, status,
    /// decoding or cancellation.
    func afterFailure(_ error: NetworkError, for request: URLRequest) async

    /// ``additionalHeaders(for:)`` with the request's context, where a
    /// behavior can record what it attached (``RequestContext/recordToken(_:header:value:)``).
    func additionalHeaders(for request: URLRequest, context: RequestContext) async throws -> [String: String]
    /// ``afterSuccess(_:data:for:)`` with the request's context.
    func afterSuccess(_ response: HTTPURLResponse, data: Data, context: RequestContext) async
    /// ``afterFailure(_:for:)`` with the request's context: the final response
    /// of an error status, and the token the request carried.
    func afterFailure(_ error: NetworkError, context: RequestContext) async
    /// Whether ``NetworkClient/send(_:with:)`` should send the request once
    /// more after this error status, asked before the after-hooks run.
    ///
    /// ``AuthTokenHeaderBehavior`` with a ``TokenRefresher`` says yes to a
    /// 401 for the session's current token, once it has refreshed it. A
    /// request is retried at most once; each attempt runs every hook, so
    /// counters such as ``ActivityCounterBehavior`` still return to 0.
    func shouldRetry(after error: NetworkError, context: RequestContext) async -> Bool
}

extension RequestBehavior {
    /// No headers.
    public func additionalHeaders(for request: URLRequest) async throws -> [String: String] { [:] }
    /// Does nothing.
    public func beforeSend(_ request: URLRequest) async {}
    /// Does nothing.
    public func afterSuccess(_ response: HTTPURLResponse, data: Data, for request: URLRequest) async {}
    /// Does nothing.
    public func afterFailure(_ error: NetworkError, for request: URLRequest) async {}

    /// Never retries.
    public func shouldRetry(after error: NetworkError, context: RequestContext) async -> Bool { false }

    /// Calls ``additionalHeaders(for:)``.
    public func additionalHeaders(for request: URLRequest, context: RequestContext) async throws -> [String:
        String]
    {
        try await additionalHeaders(for: request)
    }

    /// Calls ``afterSuccess(_:data:for:)`` with the request as it was sent.
    public func afterSuccess(_ response: HTTPURLResponse, data: Data, context: RequestContext) async {
        await afterSuccess(response, data: data, for: context.request)
    }

    /// Calls ``afterFailure(_:for:)`` with the request as it was sent.
    public func afterFailure(_ error: NetworkError, context: RequestContext) async {
        await afterFailure(error, for: context.request)
    }
}
