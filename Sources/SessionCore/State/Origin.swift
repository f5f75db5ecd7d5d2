package import SessionSupport
import SessionSystem

/// The scheme, host and port of a URL: the unit a token is scoped to.
///
/// `https://api.example.com/v1` and `https://api.example.com:443/other` are one
/// origin; `http://api.example.com` and `https://api.example.com:8443` are two
/// others. A bearer token goes only to its own origin (``SecretDestination``).
///
/// ```swift
/// Origin(URL(string: "https://api.example.com/v1")!)?.port   // 443
/// ```
package struct Origin: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`, lower-cased.
    package let scheme: String
    /// The host, lower-cased, without the brackets of an IPv6 literal.
    package let host: String
    /// The port, with the scheme's default (80, 443) filled in.
    package let port: Int

    /// The origin of an `http` or `https` URL with a host; `nil` for anything else.
    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let defaultPort = Self.defaultPort(scheme),
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = url.port ?? defaultPort
    }

    /// Whether the host is this machine: exactly `localhost`, or an IP literal
    /// in `127.0.0.0/8` or `::1`.
    ///
    /// Literals are read by ``IPAddress`` (`inet_pton`, the strict parser): `127.+0.0.1`,
    /// `127.1` and `0x7f.0.0.1` are not loopback here, whatever a lenient
    /// resolver would make of them.
    ///
    /// `*.localhost` is not loopback either. libcurl 7.85 and later resolve it
    /// to loopback without asking DNS (curl/curl#9296), but older libcurls,
    /// Apple's resolver and any custom ``Transport`` may send the name to a DNS
    /// server, and the decision to send a token over plain `http` is made here,
    /// before any resolver runs. Use `localhost` or `127.0.0.1` for a local server.
    package var isLoopback: Bool {
        if host == "localhost" { return true }
        return IPAddress(host)?.isLoopback ?? false
    }

    /// The text `print` and string interpolation show.
    package var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (Self.defaultPort(scheme) == port ? "" : ":\(port)")
    }

    /// 80 for `http`, 443 for `https`; a switch, not a dictionary, whose
    /// first use would cost every start of the tool 0.2M instructions.
    private static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
