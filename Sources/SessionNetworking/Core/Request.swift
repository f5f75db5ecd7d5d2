import SessionCore
public import SessionHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A declarative description of one request and how to read its answer.
///
/// ```swift
/// struct User: Decodable, Sendable { let login: String }
/// let me = Request<User>(path: "/user")
/// let search = Request<[User]>(path: "/search/users", queryItems: [URLQueryItem(name: "q", value: "alice")])
/// let raw = Request<Data>.raw(method: "DELETE", path: "/sessions/current")
/// ```
public struct Request<Output: Sendable>: Sendable {
    /// The HTTP method, such as `GET` or `POST`.
    public var method: String
    /// Joined to the client's base URL. It may carry a query after `?`.
    public var path: String
    /// Query items appended after any query in `path`, encoded strictly.
    public var queryItems: [URLQueryItem]
    /// Headers of this request. They win over headers from behaviors.
    public var headers: [String: String]
    /// The request body, if any.
    public var body: Data?
    /// A body sent as it is read (a file, standard input), when ``body`` is
    /// `nil`: never held in memory. A request whose stream cannot be read
    /// again is never retried.
    public var bodyStream: RequestBodyStream?
    /// The most bytes of an answer's body the client holds:
    /// ``SessionLimits/responseBodySize`` unless set. The transfer stops as soon as a body goes past it, and the
    /// request fails with a ``ResponseTooLargeError``. A body streamed with
    /// ``NetworkClient/send(_:with:streamingBodyTo:)`` is not held, so not limited;
    /// an error answer's body still is.
    public var bodyLimit = SessionLimits.responseBodySize
    let decode: @Sendable (Data) throws -> Output

    /// A request whose JSON answer decodes into `Output`.
    public init(
        method: String = "GET", path: String, queryItems: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil
    ) where Output: Decodable {
        self.init(method: method, path: path, queryItems: queryItems, headers: headers, body: body) { data in
            try JSONDecoder().decode(Output.self, from: data)
        }
    }

    /// A request whose answer is read by `decode`.
    public init(
        method: String = "GET", path: String, queryItems: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil, decode: @escaping @Sendable (Data) throws -> Output
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.decode = decode
    }
}

extension Request where Output == Data {
    /// A request whose answer is the body's bytes, undecoded.
    public static func raw(
        method: String = "GET", path: String, queryItems: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil
    ) -> Request<Data> {
        Request(method: method, path: path, queryItems: queryItems, headers: headers, body: body) { $0 }
    }
}
