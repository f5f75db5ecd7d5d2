package import SessionSupport

/// Where a secret may be sent: the one rule behind every token, code and
/// client secret that leaves the process.
///
/// A secret travels only to an `http` or `https` URL with a host and no
/// user name or password in it, over `https`, or over plain `http` to this
/// machine (``Origin/isLoopback``), where nobody else can listen. A
/// session's token, in addition, goes only to its own server's origin
/// (``Credential/mayBeSent(to:)``).
///
/// ```swift
/// try SecretDestination.check(URL(string: "https://login.example.com/token")!)   // fine
/// SecretDestination.permits(URL(string: "http://api.example.com")!)              // false
/// ```
package enum SecretDestination {
    /// Whether a secret may go to `url` over the network.
    package static func permits(_ url: URL) -> Bool {
        (try? check(url)) != nil
    }

    /// Checks that a secret may go to `url`: what a person gives as a server
    /// or an issuer, and every endpoint a provider names, pass here before
    /// anything is sent.
    ///
    /// - Throws: ``ServerAddressError``; never `hasQueryOrFragment`, which
    ///   only a session's server refuses.
    package static func check(_ url: URL) throws(ServerAddressError) {
        guard let origin = Origin(url) else { throw .notHTTP }
        guard url.user == nil, url.password == nil else { throw .hasCredentials }
        guard origin.scheme == "https" || origin.isLoopback else { throw .plainHTTPToRemoteHost }
    }
}

extension Credential {
    /// Whether this session's token may go to `url`: a destination a secret
    /// may go to at all, and the origin of ``server`` when the session names one.
    package func mayBeSent(to url: URL) -> Bool {
        guard SecretDestination.permits(url), let destination = Origin(url) else { return false }
        return server.map { Origin($0) == destination } ?? true
    }

    /// Checks that `text` can be a session's ``server``: a URL a secret may
    /// go to (``SecretDestination``), without a query or fragment (it is the
    /// base every request path is joined to).
    ///
    /// ```swift
    /// let server = try Credential.serverURL(from: "https://api.example.com/v1")
    /// ```
    package static func serverURL(from text: String) throws(ServerAddressError) -> URL {
        guard let url = URL(string: text) else { throw .notHTTP }
        try SecretDestination.check(url)
        guard url.query == nil, url.fragment == nil else { throw .hasQueryOrFragment }
        return url
    }
}

/// Why a URL cannot be sent a secret, or be a session's server.
package enum ServerAddressError: Error, Sendable, Hashable, CustomStringConvertible {
    case notHTTP
    case hasCredentials
    case hasQueryOrFragment
    case plainHTTPToRemoteHost

    /// The message: what failed and what to do next.
    package var description: String {
        switch self {
        case .notHTTP:
            "it must be an http or https URL with a host, like https://api.example.com"
        case .hasCredentials:
            "it must not contain a user name or password"
        case .hasQueryOrFragment:
            "it must not have a query (?) or a fragment (#)"
        case .plainHTTPToRemoteHost:
            "plain http is allowed only for this machine (localhost, 127.0.0.1, ::1); use https"
        }
    }
}
