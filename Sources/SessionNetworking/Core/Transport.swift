public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Sends one HTTP request and returns the response, whatever its status.
///
/// ``NetworkClient`` owns everything around the exchange (headers, behaviors,
/// status and decoding); a transport only moves bytes. ``URLSessionTransport``
/// is the real one; a test can answer from fixtures instead:
///
/// ```swift
/// struct CannedTransport: Transport {
///     func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
///         (Data("{}".utf8), HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!)
///     }
/// }
/// ```
public protocol Transport: Sendable {
    /// - Returns: The body and the response, for any status code.
    /// - Throws: When no response arrived: connection refused, timeout, cancellation.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}
