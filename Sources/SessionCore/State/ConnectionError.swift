#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A request that got no HTTP answer, and why, in terms a person can act
/// on: a certificate that failed verification, a proxy that refused, a
/// server that never answered, a CA file or client certificate that could
/// not be used.
///
/// It reaches callers as ``NetworkError/transport(_:)``. Nothing in it is
/// secret: a proxy is named without its credentials, and no header is kept.
///
/// ```swift
/// catch NetworkError.transport(let error as ConnectionError) {
///     if case .certificateRejected = error.reason { print("trust its CA with --ca-file") }
/// }
/// ```
public struct ConnectionError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The server's certificate failed verification; the words are the TLS library's.
        case certificateRejected(String)
        /// A file of certificate authorities (a session's CA file, `SSL_CERT_FILE`,
        /// `SSL_CERT_DIR`, `CURL_CA_BUNDLE`) that cannot be used: missing, unreadable, not PEM.
        case caFileUnusable(path: String, why: String)
        /// A client certificate or its key that cannot be used: missing, unreadable,
        /// readable by others, or not a pair.
        case clientCertificateUnusable(path: String, why: String)
        /// The server asked for a client certificate and was given none it accepts.
        case clientCertificateRequired
        /// The TLS handshake failed for another reason.
        case tlsFailed(String)
        /// The proxy answered with this status instead of passing the request on (407: it wants credentials).
        case proxyRefused(status: Int)
        /// The proxy could not be reached or failed.
        case proxyFailed(String)
        /// Nothing arrived for this many seconds (the transport's idle limit).
        case noAnswer(seconds: Int)
        /// The server refused the connection.
        case connectionRefused
        /// The server's name could not be resolved.
        case hostNotFound
        /// The connection broke before the answer was complete.
        case connectionLost
        /// More redirects in a row than ``SessionLimits/redirects``.
        case tooManyRedirects
        /// What this platform's transport cannot do (a CA file with `URLSessionTransport`).
        case unsupported(String)
        /// Anything else; the words are the HTTP library's.
        case other(String)
    }

    /// What went wrong.
    public var reason: Reason
    /// The origin the request was for.
    public var origin: String?
    /// The proxy the request went through, without credentials; `nil` when it went straight.
    public var proxy: String?

    /// An error for a request to `origin`, through `proxy`.
    public init(_ reason: Reason, origin: String? = nil, proxy: String? = nil) {
        self.reason = reason
        self.origin = origin
        self.proxy = proxy
    }

    /// One line, in English.
    public var description: String {
        let target = origin ?? "the server"
        let via = proxy.map { " (through the proxy \($0))" } ?? ""
        switch reason {
        case .certificateRejected(let why): return "the certificate of \(target) was not trusted: \(why)"
        case .caFileUnusable(let path, let why): return "cannot use the CA file \(path): \(why)"
        case .clientCertificateUnusable(let path, let why):
            return "cannot use the client certificate \(path): \(why)"
        case .clientCertificateRequired: return "\(target) asked for a client certificate it accepts"
        case .tlsFailed(let why): return "the TLS handshake with \(target) failed: \(why)"
        case .proxyRefused(let status): return "the proxy \(proxy ?? "") refused with status \(status)"
        case .proxyFailed(let why): return "the proxy \(proxy ?? "") failed: \(why)"
        case .noAnswer(let seconds): return "no answer from \(target) within \(seconds) s\(via)"
        case .connectionRefused: return "\(target) refused the connection"
        case .hostNotFound: return "the name of \(target) was not found"
        case .connectionLost: return "the connection to \(target) broke\(via)"
        case .tooManyRedirects: return "more than \(SessionLimits.redirects) redirects from \(target)"
        case .unsupported(let what): return what
        case .other(let why): return "cannot reach \(target)\(via): \(why)"
        }
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
