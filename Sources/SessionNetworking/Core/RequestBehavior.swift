public import SessionHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
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
///     func beforeSend(_ request: HTTPRequest) async {
///         print("→", request.method, request.path ?? "")
///     }
///     func afterSuccess(_ response: HTTPResponse, data: Data, for request: HTTPRequest) async {
///         print("←", response.status)
///     }
///     func afterFailure(_ error: NetworkError, for request: HTTPRequest) async {
///         print("✗", error, RequestContext.current?.response?.headerFields[.retryAfter] ?? "")
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
    func additionalHeaders(for request: HTTPRequest) async throws -> [String: String]
    /// Called with the final request, just before it goes to the transport.
    func beforeSend(_ request: HTTPRequest) async
    /// Called after a 2xx response whose body decoded.
    func afterSuccess(_ response: HTTPResponse, data: Data, for request: HTTPRequest) async
    /// Called once for every failure after `beforeSend`: transport, status,
    /// decoding or cancellation.
    func afterFailure(_ error: NetworkError, for request: HTTPRequest) async
}

extension RequestBehavior {
    /// No headers.
    public func additionalHeaders(for request: HTTPRequest) async throws -> [String: String] { [:] }
    /// Does nothing.
    public func beforeSend(_ request: HTTPRequest) async {}
    /// Does nothing.
    public func afterSuccess(_ response: HTTPResponse, data: Data, for request: HTTPRequest) async {}
    /// Does nothing.
    public func afterFailure(_ error: NetworkError, for request: HTTPRequest) async {}
}
