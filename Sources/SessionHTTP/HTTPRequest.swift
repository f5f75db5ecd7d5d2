import SessionSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A request's head: method, target and header fields. Its body travels
/// beside it (``HTTPRequestBody``), as in swift-http-types, whose
/// `HTTPRequest` this is shaped like:
///
/// ```swift
/// var request = HTTPRequest(method: .post, url: URL(string: "https://api.example.com/v1/items")!)
/// request.headerFields[.contentType] = "application/json"
/// // swift-http-types, in a line:
/// let theirs = HTTPTypes.HTTPRequest(
///     method: .init(request.method.rawValue)!, scheme: request.scheme, authority: request.authority,
///     path: request.path, headerFields: .init(request.headerFields.map { .init(name: .init($0.name.rawName)!, value: $0.value) }))
/// ```
public struct HTTPRequest: Sendable, Hashable, CustomStringConvertible {
    /// An HTTP method: a token such as `GET`, compared as written (methods
    /// are case-sensitive).
    public struct Method: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        /// The method as sent.
        public let rawValue: String

        /// The method `method`, or `nil` when it is not an HTTP token.
        public init?(_ method: String) {
            guard HTTPToken.isToken(method) else { return nil }
            rawValue = method
        }

        /// The method `rawValue`, or `nil` when it is not an HTTP token.
        public init?(rawValue: String) { self.init(rawValue) }

        private init(checked method: String) { rawValue = method }

        /// The method as sent.
        public var description: String { rawValue }

        /// `GET`.
        public static let get = Method(checked: "GET")
        /// `HEAD`.
        public static let head = Method(checked: "HEAD")
        /// `POST`.
        public static let post = Method(checked: "POST")
        /// `PUT`.
        public static let put = Method(checked: "PUT")
        /// `DELETE`.
        public static let delete = Method(checked: "DELETE")
        /// `CONNECT`.
        public static let connect = Method(checked: "CONNECT")
        /// `OPTIONS`.
        public static let options = Method(checked: "OPTIONS")
        /// `TRACE`.
        public static let trace = Method(checked: "TRACE")
        /// `PATCH`.
        public static let patch = Method(checked: "PATCH")
    }

    /// The method.
    public var method: Method
    /// `https` or `http`.
    public var scheme: String?
    /// The host, with its port when it has one: `api.example.com:8443`,
    /// `[::1]:8080`.
    public var authority: String?
    /// The path and query as sent, percent-encoded: `/v1/items?page=2`.
    public var path: String?
    /// The header fields, in order.
    public var headerFields: HTTPFields

    /// A request of its parts.
    public init(
        method: Method, scheme: String?, authority: String?, path: String?,
        headerFields: HTTPFields = HTTPFields()
    ) {
        self.method = method
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.headerFields = headerFields
    }

    /// A request for `url` (its fragment is never sent).
    public init(method: Method = .get, url: URL, headerFields: HTTPFields = HTTPFields()) {
        let parts = Self.parts(of: url)
        self.init(
            method: method, scheme: parts.scheme, authority: parts.authority, path: parts.path,
            headerFields: headerFields)
    }

    /// The URL the request is for: `scheme://authority/path`; `nil` when a
    /// part is missing or they make no URL.
    public var url: URL? {
        guard let scheme, let authority, !authority.isEmpty else { return nil }
        return URL(string: "\(scheme)://\(authority)\(path ?? "/")")
    }

    /// The method and the URL, as a log line would show them: never a header.
    public var description: String {
        "\(method) \(scheme ?? "")://\(authority ?? "")\(path ?? "")"
    }

    private static func parts(of url: URL) -> (scheme: String?, authority: String?, path: String) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return (url.scheme, nil, "/")
        }
        var authority: String?
        if let host = components.percentEncodedHost {
            authority =
                (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
                + (components.port.map { ":\($0)" } ?? "")
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        return (components.scheme, authority, path + query)
    }
}

/// The body a ``Transport`` sends with a request: bytes, or a stream read
/// as it is sent.
public enum HTTPRequestBody: Sendable, Hashable {
    /// These bytes.
    case data(Data)
    /// A file or standard input, read as it is sent, never held whole.
    case stream(RequestBodyStream)

    /// Whether the body can be sent again (a retry, a redirect that keeps the
    /// method): bytes and files can, standard input cannot.
    public var canReplay: Bool {
        switch self {
        case .data: true
        case .stream(let stream): stream.canReplay
        }
    }
}
