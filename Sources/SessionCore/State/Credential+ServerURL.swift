package import SessionSupport

extension Credential {
    /// Checks that `text` can be a session's ``server``: an `http(s)` URL with a
    /// host, no secrets in it, and `https` unless the host is loopback (the
    /// token would never be sent to it otherwise).
    ///
    /// ```swift
    /// let server = try Credential.serverURL(from: "https://api.example.com/v1")
    /// ```
    /// - Throws: ``ServerAddressError``.
    package static func serverURL(from text: String) throws -> URL {
        guard let url = URL(string: text), let origin = Origin(url) else { throw ServerAddressError.notHTTP }
        guard url.user == nil, url.password == nil else { throw ServerAddressError.hasCredentials }
        guard url.query == nil, url.fragment == nil else { throw ServerAddressError.hasQueryOrFragment }
        guard origin.carriesSecretsSafely else { throw ServerAddressError.plainHTTPToRemoteHost }
        return url
    }
}
