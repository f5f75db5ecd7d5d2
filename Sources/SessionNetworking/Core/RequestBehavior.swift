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
///         print("✗", error, RequestContext.current?.response?.value(forHTTPHeaderField: "Retry-After") ?? "")
///     }
/// }
/// ```
///
/// The after-hooks run only for a request whose `beforeSend` ran: a request
/// refused while it is being built throws at once and calls neither. While
/// a hook runs, ``RequestContext/current`` is that request's context: which
/// token it carried, and its final response after redirects. A behavior that
/// can make a failed request worth sending again (a refreshed token) also
/// conforms to ``RequestRetrier``.
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
}
