public import Foundation

/// The scheme, host and port of a URL: the unit a token is scoped to.
///
/// `https://api.example.com/v1` and `https://api.example.com:443/other` are one
/// origin; `http://api.example.com` and `https://api.example.com:8443` are two
/// others. A bearer token goes only to its own origin, and over plain `http`
/// only to a loopback host, where nobody else can listen.
///
/// ```swift
/// Origin(URL(string: "https://api.example.com/v1")!)?.port   // 443
/// ```
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int

    /// The origin of an `http` or `https` URL with a host; `nil` for anything else.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let defaultPort = Self.defaultPorts[scheme],
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = url.port ?? defaultPort
    }

    /// Whether the host is this machine: `localhost`, `127.0.0.0/8` or `::1`.
    public var isLoopback: Bool {
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// Whether a secret may travel to this origin: over `https`, or over `http` to loopback only.
    public var carriesSecretsSafely: Bool {
        scheme == "https" || isLoopback
    }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (Self.defaultPorts[scheme] == port ? "" : ":\(port)")
    }

    private static let defaultPorts = ["http": 80, "https": 443]
}
