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
///
/// A transport that can hand a body over while it arrives implements
/// ``send(_:receiving:)`` too; the client then never holds more of a body
/// than its limit (``Request/bodyLimit``), and a body it streams
/// (``NetworkClient/send(_:with:streamingBodyTo:)``) not at all.
public protocol Transport: Sendable {
    /// - Returns: The body and the response, for any status code.
    /// - Throws: When no response arrived: connection refused, timeout, cancellation.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Sends `request` and hands the final response's body to `receive` a
    /// piece at a time, as it arrives, each piece with the response it
    /// belongs to.
    ///
    /// When `receive` throws, the transfer is cancelled at once and its
    /// error is thrown: that is how a byte limit is enforced while the bytes
    /// arrive, whether or not the server sent a `Content-Length`.
    ///
    /// The default sends with ``send(_:)`` and hands the whole body over in
    /// one piece: limits still hold, but memory is not bounded.
    ///
    /// - Returns: The final response.
    func send(
        _ request: URLRequest, receiving receive: @escaping @Sendable (HTTPURLResponse, Data) throws -> Void
    ) async throws -> HTTPURLResponse
}

extension Transport {
    /// Sends with ``send(_:)``, then hands the body over in one piece.
    public func send(
        _ request: URLRequest, receiving receive: @escaping @Sendable (HTTPURLResponse, Data) throws -> Void
    ) async throws -> HTTPURLResponse {
        let (data, response) = try await send(request)
        if !data.isEmpty { try receive(response, data) }
        return response
    }
}
