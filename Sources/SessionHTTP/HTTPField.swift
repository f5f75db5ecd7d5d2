import SessionSupport

/// One header field: a name and a value.
///
/// Shaped like swift-http-types' `HTTPField`, so an app that uses that
/// package converts a field in a line:
///
/// ```swift
/// let theirs = HTTPTypes.HTTPField(name: .init(field.name.rawName)!, value: field.value)
/// ```
public struct HTTPField: Sendable, Hashable, CustomStringConvertible {
    /// A field's name: an HTTP token, compared without regard to case.
    public struct Name: Sendable, Hashable, CustomStringConvertible {
        /// The name as written.
        public let rawName: String
        /// The name in lower case: what two names are compared by.
        public let canonicalName: String

        /// The name `name`, or `nil` when it is not an HTTP token (RFC 9110):
        /// empty, or with a space, a colon, a control character or a
        /// character outside ASCII.
        public init?(_ name: String) {
            guard HTTPToken.isToken(name) else { return nil }
            self.init(checked: name)
        }

        private init(checked name: String) {
            rawName = name
            canonicalName = name.lowercased()
        }

        /// Whether the names are the same but for case.
        public static func == (lhs: Name, rhs: Name) -> Bool { lhs.canonicalName == rhs.canonicalName }
        /// Hashes the name in lower case.
        public func hash(into hasher: inout Hasher) { hasher.combine(canonicalName) }
        /// The name as written.
        public var description: String { rawName }

        /// `Accept`.
        public static let accept = Name(checked: "Accept")
        /// `Accept-Encoding`.
        public static let acceptEncoding = Name(checked: "Accept-Encoding")
        /// `Accept-Language`.
        public static let acceptLanguage = Name(checked: "Accept-Language")
        /// `Authorization`.
        public static let authorization = Name(checked: "Authorization")
        /// `Content-Length`.
        public static let contentLength = Name(checked: "Content-Length")
        /// `Content-Type`.
        public static let contentType = Name(checked: "Content-Type")
        /// `Cookie`.
        public static let cookie = Name(checked: "Cookie")
        /// `DPoP` (RFC 9449): a proof of possession.
        public static let dpop = Name(checked: "DPoP")
        /// `DPoP-Nonce` (RFC 9449): the nonce a server asks proofs to carry.
        public static let dpopNonce = Name(checked: "DPoP-Nonce")
        /// `Location`.
        public static let location = Name(checked: "Location")
        /// `Retry-After`.
        public static let retryAfter = Name(checked: "Retry-After")
        /// `Set-Cookie`.
        public static let setCookie = Name(checked: "Set-Cookie")
        /// `User-Agent`.
        public static let userAgent = Name(checked: "User-Agent")
        /// `WWW-Authenticate`.
        public static let wwwAuthenticate = Name(checked: "WWW-Authenticate")
    }

    /// The field's name.
    public var name: Name
    /// The field's value, as sent or received. A value with a line break or NUL
    /// is refused before a request is sent (``HTTPFields/problem``).
    public var value: String

    /// A field named `name` with `value`.
    public init(name: Name, value: String) {
        self.name = name
        self.value = value
    }

    /// `Name: value`, as on the wire.
    public var description: String { "\(name.rawName): \(value)" }
}
