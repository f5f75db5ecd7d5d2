public import SessionCore
public import SessionHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

#if !os(Linux)
    import SessionURLSession
#endif

/// The platform's transport for a session's connection settings.
extension ConnectionSettings {
    /// The transport these settings are honoured by on this platform:
    /// ``CurlTransport`` on Linux (the system's libcurl), `URLSessionTransport`
    /// on Apple platforms.
    ///
    /// Sign-in, refresh, revocation and ``AuthTokenHeaderBehavior`` use the
    /// session's own settings (``Credential/connection``) this way when they
    /// are given no transport.
    ///
    /// ```swift
    /// let client = NetworkClient(baseURL: api, transport: credential.connection.transport())
    /// ```
    ///
    /// - Parameter timeout: Seconds a request may wait for data before it fails.
    public func transport(timeout: TimeInterval = SessionLimits.requestIdleTimeout) -> any Transport {
        #if os(Linux)
            CurlTransport(settings: self, timeout: timeout)
        #else
            URLSessionTransport(settings: self, timeout: timeout)
        #endif
    }
}
