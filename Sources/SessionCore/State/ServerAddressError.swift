import SessionSupport

/// Why a string cannot be a session's server.
package enum ServerAddressError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    case notHTTP
    case hasCredentials
    case hasQueryOrFragment
    case plainHTTPToRemoteHost

    /// The message: what failed and what to do next.
    package var description: String {
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

    /// The same as `description`, for `localizedDescription`.
    package var errorDescription: String? { description }
}
