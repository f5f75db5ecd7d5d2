import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Sends one HTTP request and returns the response, whatever its status.
///
/// `NetworkClient` owns everything around the exchange (headers, behaviors,
/// status and decoding); a transport only moves bytes. `CurlTransport` (on
/// Linux) and `URLSessionTransport` are the real ones; a test can answer
/// from fixtures instead:
///
/// ```swift
/// struct CannedTransport: Transport {
///     func send(_ request: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse) {
///         (Data("{}".utf8), HTTPResponse(status: .ok, url: request.url))
///     }
/// }
/// ```
///
/// A transport that can hand a body over while it arrives implements
/// ``send(_:body:receiving:)`` too; the client then never holds more of a
/// body than its limit, and a body it streams not at all.
public protocol Transport: Sendable {
    /// Sends `request` with `body`.
    ///
    /// - Returns: The body and the response, for any status code.
    /// - Throws: When no response arrived: connection refused, timeout, cancellation.
    func send(_ request: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse)

    /// Sends `request` with `body` and hands the final response's body to
    /// `receive` a piece at a time, as it arrives, each piece with the
    /// response it belongs to.
    ///
    /// When `receive` throws, the transfer is cancelled at once and its
    /// error is thrown: that is how a byte limit is enforced while the bytes
    /// arrive, whether or not the server sent a `Content-Length`.
    ///
    /// The default sends with ``send(_:body:)`` and hands the whole body
    /// over in one piece: limits still hold, but memory is not bounded.
    ///
    /// - Returns: The final response.
    func send(
        _ request: HTTPRequest, body: HTTPRequestBody?,
        receiving receive: @escaping @Sendable (HTTPResponse, Data) throws -> Void
    ) async throws -> HTTPResponse
}

extension Transport {
    /// Sends with ``send(_:body:)``, then hands the body over in one piece.
    public func send(
        _ request: HTTPRequest, body: HTTPRequestBody?,
        receiving receive: @escaping @Sendable (HTTPResponse, Data) throws -> Void
    ) async throws -> HTTPResponse {
        let (data, response) = try await send(request, body: body)
        if !data.isEmpty { try receive(response, data) }
        return response
    }
}

extension Transport {
    /// Sends with ``send(_:body:receiving:)`` and gathers the body: how a
    /// transport that streams implements ``send(_:body:)``.
    package func gatheringBody(_ request: HTTPRequest, body: HTTPRequestBody?) async throws -> (
        Data, HTTPResponse
    ) {
        let gathered = Locked(Data())
        let response = try await send(request, body: body) { _, piece in
            gathered.withLock { $0.append(piece) }
        }
        return (gathered.withLock { $0 }, response)
    }
}
