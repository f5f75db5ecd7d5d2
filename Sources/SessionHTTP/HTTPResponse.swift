#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A response's head: status, header fields, and what the library adds to
/// swift-http-types' `HTTPResponse` (which this is shaped like): the
/// status line's HTTP version and the URL that answered.
///
/// ```swift
/// if response.status.kind == .successful, let type = response.headerFields[.contentType] { … }
/// // swift-http-types, in a line:
/// let theirs = HTTPTypes.HTTPResponse(
///     status: .init(code: response.status.code, reasonPhrase: response.status.reasonPhrase),
///     headerFields: .init(response.headerFields.map { .init(name: .init($0.name.rawName)!, value: $0.value) }))
/// ```
public struct HTTPResponse: Sendable, Hashable {
    /// A status code and its reason phrase. Two statuses are equal when
    /// their codes are: the phrase is only words.
    public struct Status: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral {
        /// The code, 100 to 999.
        public let code: Int
        /// The words after the code on the status line (`OK`, `Not Found`):
        /// the server's when it sent some, else the usual ones for the code,
        /// else empty. HTTP/2 and later send none.
        public var reasonPhrase: String

        /// The status `code`, with `reasonPhrase` or, when `nil`, the usual
        /// phrase for it.
        public init(code: Int, reasonPhrase: String? = nil) {
            self.code = code
            self.reasonPhrase = reasonPhrase ?? Self.usualPhrase(code)
        }

        /// The status `value`, with its usual phrase.
        public init(integerLiteral value: Int) { self.init(code: value) }

        /// What kind of answer the code is.
        public var kind: Kind {
            switch code {
            case 100...199: .informational
            case 200...299: .successful
            case 300...399: .redirection
            case 400...499: .clientError
            case 500...599: .serverError
            default: .invalid
            }
        }

        /// The classes of status codes (RFC 9110 §15).
        public enum Kind: Sendable, Hashable {
            /// 1xx.
            case informational
            /// 2xx.
            case successful
            /// 3xx.
            case redirection
            /// 4xx.
            case clientError
            /// 5xx.
            case serverError
            /// Outside 100–599.
            case invalid
        }

        /// Whether the codes are the same.
        public static func == (lhs: Status, rhs: Status) -> Bool { lhs.code == rhs.code }
        /// Hashes the code.
        public func hash(into hasher: inout Hasher) { hasher.combine(code) }

        /// `200 OK`, or the code alone when there is no phrase.
        public var description: String { reasonPhrase.isEmpty ? "\(code)" : "\(code) \(reasonPhrase)" }

        /// 200.
        public static let ok: Status = 200
        /// 201.
        public static let created: Status = 201
        /// 204.
        public static let noContent: Status = 204
        /// 301.
        public static let movedPermanently: Status = 301
        /// 302.
        public static let found: Status = 302
        /// 303.
        public static let seeOther: Status = 303
        /// 304.
        public static let notModified: Status = 304
        /// 307.
        public static let temporaryRedirect: Status = 307
        /// 308.
        public static let permanentRedirect: Status = 308
        /// 400.
        public static let badRequest: Status = 400
        /// 401.
        public static let unauthorized: Status = 401
        /// 403.
        public static let forbidden: Status = 403
        /// 404.
        public static let notFound: Status = 404
        /// 429.
        public static let tooManyRequests: Status = 429
        /// 500.
        public static let internalServerError: Status = 500
        /// 503.
        public static let serviceUnavailable: Status = 503

        private static func usualPhrase(_ code: Int) -> String {
            switch code {
            case 100: "Continue"
            case 200: "OK"
            case 201: "Created"
            case 202: "Accepted"
            case 204: "No Content"
            case 206: "Partial Content"
            case 301: "Moved Permanently"
            case 302: "Found"
            case 303: "See Other"
            case 304: "Not Modified"
            case 307: "Temporary Redirect"
            case 308: "Permanent Redirect"
            case 400: "Bad Request"
            case 401: "Unauthorized"
            case 403: "Forbidden"
            case 404: "Not Found"
            case 405: "Method Not Allowed"
            case 409: "Conflict"
            case 410: "Gone"
            case 413: "Content Too Large"
            case 415: "Unsupported Media Type"
            case 422: "Unprocessable Content"
            case 428: "Precondition Required"
            case 429: "Too Many Requests"
            case 500: "Internal Server Error"
            case 501: "Not Implemented"
            case 502: "Bad Gateway"
            case 503: "Service Unavailable"
            case 504: "Gateway Timeout"
            default: ""
            }
        }
    }

    /// The status.
    public var status: Status
    /// The header fields, in the order they came.
    public var headerFields: HTTPFields
    /// The status line's version, `HTTP/1.1` or `HTTP/2`; `nil` when the
    /// transport does not say (`URLSession` does not).
    public var version: String?
    /// The URL that answered: the request's, or the last redirect's.
    public var url: URL?

    /// A response of its parts.
    public init(
        status: Status, headerFields: HTTPFields = HTTPFields(), version: String? = nil, url: URL? = nil
    ) {
        self.status = status
        self.headerFields = headerFields
        self.version = version
        self.url = url
    }
}
