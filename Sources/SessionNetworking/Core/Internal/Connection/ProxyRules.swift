package import SessionCore
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Which proxy a request goes through, by curl's rules, with one rule curl
/// does not have: a request to this machine never goes through a proxy,
/// whatever the variables say (a session on `http://127.0.0.1` would
/// otherwise hand its token to the proxy in clear).
///
/// - `https_proxy` (else `HTTPS_PROXY`) for https, `http_proxy` for http
///   (lowercase only: CGI servers set `HTTP_PROXY` from a request's
///   `Proxy:` header), else `all_proxy` (else `ALL_PROXY`) for both.
/// - `no_proxy` (else `NO_PROXY`): comma- or space-separated; `*` alone for
///   every host; a name matches itself and every name under it (a leading
///   dot is ignored: `.example.com` and `example.com` are the same);
///   an IP address matches itself; `10.0.0.0/8` or `fd00::/8` matches the
///   addresses in the range. Names are compared without case, and an IP
///   address is never matched against a name (nothing is resolved).
package struct ProxyRules: Sendable, Hashable {
    private let https: String?
    private let http: String?
    private let noProxy: NoProxyList

    /// The rules of `settings`, with `environment` for ``ProxySettings/environment``.
    package init(_ settings: ProxySettings, environment: NetworkEnvironment) {
        switch settings {
        case .environment:
            let all = environment.first(.allProxyLower, .allProxy)
            https = environment.first(.httpsProxy, .httpsProxyUpper) ?? all
            http = environment[.httpProxy] ?? all
            noProxy = NoProxyList(environment.first(.noProxyLower, .noProxy) ?? "")
        case .none:
            https = nil
            http = nil
            noProxy = NoProxyList("")
        case .url(let url, let list):
            https = url.isEmpty ? nil : url
            http = https
            noProxy = NoProxyList(list)
        }
    }

    /// The proxy for `url` (its URL as given, credentials and all, for the
    /// HTTP library only), or `nil` to go straight there.
    package func proxy(for url: URL) -> String? {
        guard let origin = Origin(url) else { return nil }
        // The host as a name is compared without a trailing dot (`localhost.` is `localhost`).
        let host = origin.host.hasSuffix(".") ? String(origin.host.dropLast()) : origin.host
        guard !Self.neverProxied(origin, host: host) else { return nil }
        guard let proxy = origin.scheme == "https" ? https : http, !noProxy.matches(host) else { return nil }
        return proxy
    }

    /// This machine, more broadly than ``Origin/isLoopback`` (which decides
    /// where a token may go over plain http, so stays strict): also names
    /// under `localhost` and `127.0.0.0/8` mapped into IPv6. Going straight
    /// to them is never wrong; going through a proxy may hand it a token.
    static func neverProxied(_ origin: Origin, host: String) -> Bool {
        if origin.isLoopback || host == "localhost" || host.hasSuffix(".localhost") { return true }
        guard case .v6(let bytes)? = IPAddress(host) else { return false }
        return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            && bytes[12] == 127
    }
}

/// A `NO_PROXY` list, parsed once.
struct NoProxyList: Sendable, Hashable {
    private enum Entry: Hashable {
        case name(String)
        case address(IPAddress, prefix: Int)
    }
    private let everything: Bool
    private let entries: [Entry]

    init(_ text: String) {
        let items = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map {
            String($0).lowercased()
        }
        everything = items.contains("*")
        entries = items.compactMap { item in
            let parts = item.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            var host = String(parts[0])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            if let address = IPAddress(host) {
                let bits = address.bytes.count * 8
                guard parts.count == 2 else { return .address(address, prefix: bits) }
                guard let prefix = Int(parts[1]), (0...bits).contains(prefix) else { return nil }
                return .address(address, prefix: prefix)
            }
            guard parts.count == 1 else { return nil }
            while host.hasPrefix(".") { host.removeFirst() }
            if host.hasSuffix(".") { host.removeLast() }
            return host.isEmpty ? nil : .name(host)
        }
    }

    func matches(_ host: String) -> Bool {
        if everything { return true }
        let address = IPAddress(host)
        return entries.contains { entry in
            switch (entry, address) {
            case (.name(let name), nil): host == name || host.hasSuffix("." + name)
            case (.address(let range, let prefix), let address?): address.isIn(range, prefix: prefix)
            default: false
            }
        }
    }
}
