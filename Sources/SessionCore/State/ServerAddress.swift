public import Foundation

/// Why a string cannot be a session's server.
public enum ServerAddressError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    case notHTTP
    case hasCredentials
    case hasQueryOrFragment
    case plainHTTPToRemoteHost

    public var description: String {
        switch self {
        case .notHTTP:
            "the server must be an http or https URL with a host, like https://api.example.com"
        case .hasCredentials:
            "the server URL must not contain a user name or password"
        case .hasQueryOrFragment:
            "the server URL must not have a query (?) or a fragment (#)"
        case .plainHTTPToRemoteHost:
            "plain http is allowed only for this machine (localhost, 127.0.0.1, ::1); use https"
        }
    }

    public var errorDescription: String? { description }
}

extension Credential {
    /// Checks that `text` can be a session's ``server``: an `http(s)` URL with a
    /// host, no secrets in it, and `https` unless the host is loopback (the
    /// token would never be sent to it otherwise).
    ///
    /// ```swift
    /// let server = try Credential.serverURL(from: "https://api.example.com/v1")
    /// ```
    /// - Throws: ``ServerAddressError``.
    public static func serverURL(from text: String) throws -> URL {
        guard let url = URL(string: text), let origin = Origin(url) else { throw ServerAddressError.notHTTP }
        guard url.user == nil, url.password == nil else { throw ServerAddressError.hasCredentials }
        guard url.query == nil, url.fragment == nil else { throw ServerAddressError.hasQueryOrFragment }
        guard origin.carriesSecretsSafely else { throw ServerAddressError.plainHTTPToRemoteHost }
        return url
    }
}
