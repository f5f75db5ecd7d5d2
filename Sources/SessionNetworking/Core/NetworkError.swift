import SessionCore
import SessionHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// How a request failed. Each failure is one case, and reaches
/// ``RequestBehavior/afterFailure(_:for:)-(NetworkError,_)`` exactly once.
///
/// ```swift
/// do { _ = try await client.send(Request<User>(path: "/user")) }
/// catch NetworkError.status(code: 401, _) { showLogin() }
/// ```
public enum NetworkError: Error, Sendable, CustomStringConvertible {
    /// No usable response: the server could not be reached, the connection
    /// broke, a timeout, an overall deadline (``DeadlineExceededError``), or a
    /// body past its limit (``ResponseTooLargeError``).
    case transport(any Error)
    /// The server answered with a status outside 200–299.
    case status(code: Int, body: Data)
    /// The body could not be decoded into the request's output type.
    case decoding(any Error)
    /// The request was refused before anything was sent (an invalid header,
    /// URL or method).
    case invalidRequest(String)
    /// The task was cancelled.
    case cancelled

    /// The message: what failed and what to do next.
    public var description: String {
        switch self {
        case .transport(let error as ResponseTooLargeError): "\(error)"
        case .transport(let error as DeadlineExceededError): "\(error)"
        case .transport(let error): "the server could not be reached: \(Self.describe(error))"
        case .status(let code, _): "the server answered with status \(code)"
        case .decoding: "the response could not be decoded"
        case .invalidRequest(let reason): "invalid request: \(reason)"
        case .cancelled: "the request was cancelled"
        }
    }

    private static func describe(_ error: any Error) -> String {
        (error as? ConnectionError).map { "\($0)" } ?? String(describing: type(of: error))
    }
}
