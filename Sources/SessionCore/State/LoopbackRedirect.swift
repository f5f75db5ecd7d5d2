#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Where a browser sign-in's redirect comes back: a loopback host, a port,
/// and the callback path (RFC 8252 §7.3).
///
/// The default is `http://127.0.0.1:<a port the system picks>/callback`:
/// register `http://127.0.0.1/callback` at the provider, which must let any
/// port through for a loopback IP literal. Providers that compare the
/// redirect URI as an exact string need a fixed one: give a ``port`` and
/// register the URI exactly as ``uri(port:)`` writes it.
///
/// ```swift
/// let redirect = LoopbackRedirect(host: .localhost, port: 8400)
/// redirect.uri(port: 8400)   // http://localhost:8400/callback
/// ```
public struct LoopbackRedirect: Sendable, Hashable, Codable {
    /// The host written into `redirect_uri`.
    public enum Host: String, Sendable, Hashable, Codable, CaseIterable {
        /// `127.0.0.1`, the default: the IPv4 loopback literal.
        case ipv4 = "127.0.0.1"
        /// `localhost`: the listener binds every loopback address the name
        /// resolves to (at least 127.0.0.1).
        case localhost
        /// `::1`, the IPv6 loopback literal, written `[::1]` in the URI.
        case ipv6 = "::1"
    }

    /// The host of the redirect URI.
    public var host: Host
    /// The port to listen on, 1 to 65535; `nil` for one the system picks.
    public var port: Int?
    /// The only path a callback is accepted on.
    public var path: String

    /// A redirect to `host`, on `port` (`nil`: any free port), at `path`.
    public init(host: Host = .ipv4, port: Int? = nil, path: String = "/callback") {
        self.host = host
        self.port = port
        self.path = path
    }

    /// The redirect URI for the port the listener really got.
    public func uri(port: Int) -> URL? {
        let shownHost = host == .ipv6 ? "[::1]" : host.rawValue
        return URL(string: "http://\(shownHost):\(port)\(path)")
    }
}
