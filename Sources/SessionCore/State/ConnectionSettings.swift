import SessionSupport
import SessionSystem

/// How a session's requests reach its provider and its server, beyond the
/// URL: the certificate authorities it trusts besides the system's, the
/// client certificate it presents, and the proxy it goes through.
///
/// A session keeps its ``caFile`` and ``clientCertificate``
/// (``Credential/connection``), so that sign-in, refresh, revocation and every
/// request it signs use them in every later run. The proxy comes from where
/// the request is made and is never kept: a credential read from a store has
/// ``ProxySettings/environment``.
///
/// Every transport here takes this value: `CurlTransport` on Linux,
/// `URLSessionTransport` on Apple platforms.
///
/// ```swift
/// var settings = ConnectionSettings()
/// settings.caFile = "/etc/company/ca.pem"
/// settings.clientCertificate = ClientCertificate(
///     certificateFile: "/home/alice/.certs/alice.pem", keyFile: "/home/alice/.certs/alice.key")
/// let client = NetworkClient(baseURL: api, transport: settings.transport())
/// ```
public struct ConnectionSettings: Sendable, Hashable {
    /// A PEM file of certificate authorities trusted in addition to the
    /// system's (or those `SSL_CERT_FILE`, `SSL_CERT_DIR` and
    /// `CURL_CA_BUNDLE` name). An absolute path; a file that cannot be read
    /// fails every request that would use it, never falls back.
    public var caFile: String?
    /// The certificate presented when a server asks for one (mutual TLS,
    /// RFC 8705's client authentication at a provider).
    public var clientCertificate: ClientCertificate?
    /// Which proxy requests go through; loopback destinations never do.
    public var proxy: ProxySettings

    /// Settings with nothing beyond the system's trust, and the
    /// environment's proxy.
    public init(
        caFile: String? = nil, clientCertificate: ClientCertificate? = nil,
        proxy: ProxySettings = .environment
    ) {
        self.caFile = caFile
        self.clientCertificate = clientCertificate
        self.proxy = proxy
    }

    /// Whether a session keeps anything of these: a CA file or a client certificate.
    public var isKeptWithSession: Bool { caFile != nil || clientCertificate != nil }
}

/// A client certificate and its private key, both PEM files.
///
/// The key file must be readable by its owner only (no group or other
/// permission bits); a transport refuses it otherwise. Only the paths are
/// kept with a session: the key never enters the session file or the
/// keyring.
public struct ClientCertificate: Sendable, Hashable, Codable {
    /// The certificate (and any intermediates after it), PEM. An absolute path.
    public var certificateFile: String
    /// Its private key, PEM, unencrypted. An absolute path.
    public var keyFile: String

    /// A certificate and its key, by their paths.
    public init(certificateFile: String, keyFile: String) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}

/// Which proxy a request goes through. Whatever is chosen, a request to
/// this machine (`127.0.0.0/8`, `::1`, `localhost`) goes straight there.
public enum ProxySettings: Sendable, Hashable {
    /// curl's variables: `https_proxy`/`HTTPS_PROXY` for https,
    /// `http_proxy` (lowercase only) for http, `ALL_PROXY`/`all_proxy` for
    /// both, and `NO_PROXY`/`no_proxy` for the hosts that go straight.
    case environment
    /// No proxy.
    case none
    /// This proxy (`http://`, `https://`, `socks5://` or `socks5h://`, with
    /// any credentials in the URL) for both schemes, except the hosts that
    /// `noProxy` names, written as `NO_PROXY` is.
    case url(String, noProxy: String = "")
}

extension ConnectionSettings: Codable {
    private enum CodingKeys: String, CodingKey {
        case caFile, clientCertificate
    }

    /// Decodes what a session keeps; the proxy is ``ProxySettings/environment``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            caFile: try container.decodeIfPresent(String.self, forKey: .caFile),
            clientCertificate: try container.decodeIfPresent(
                ClientCertificate.self, forKey: .clientCertificate))
    }

    /// Encodes what a session keeps: the CA file and the client certificate, never the proxy.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(caFile, forKey: .caFile)
        try container.encodeIfPresent(clientCertificate, forKey: .clientCertificate)
    }
}

extension ProxySettings: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The choice, with any password in a proxy's URL masked.
    public var description: String {
        switch self {
        case .environment: "environment"
        case .none: "none"
        case .url(let url, let noProxy):
            noProxy.isEmpty
                ? ProxyAddress.redacted(url) : "\(ProxyAddress.redacted(url)) (not for \(noProxy))"
        }
    }

    /// The same as `description`: never a proxy's password.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the same, never a proxy's password.
    public var customMirror: Mirror { Mirror(self, children: ["proxy": description]) }
}

/// A proxy's URL as it may be shown: without its credentials.
package enum ProxyAddress {
    /// `url` with any `user:password@` dropped: `http://proxy.example:3128`.
    package static func redacted(_ url: String) -> String {
        guard let (start, at) = userinfoRange(url) else { return url }
        let characters = Array(url)
        return String(characters[..<start]) + String(characters[(at + 1)...])
    }

    /// The `user:password` of `url`, if it has one.
    package static func userinfo(_ url: String) -> String? {
        guard let (start, at) = userinfoRange(url), at > start else { return nil }
        return String(Array(url)[start..<at])
    }

    /// Where the user information starts, and its `@`, in `url`'s characters.
    private static func userinfoRange(_ url: String) -> (start: Int, at: Int)? {
        let characters = Array(url)
        var start = 0
        let separator: [Character] = [":", "/", "/"]
        if let colon = characters.firstIndex(of: ":"), characters[colon...].starts(with: separator) {
            start = colon + 3
        }
        var end = start
        while end < characters.count && !"/?#".contains(characters[end]) { end += 1 }
        guard let at = characters[start..<end].lastIndex(of: "@") else { return nil }
        return (start, at)
    }

}

extension ConnectionSettings {
    /// The `User-Agent` every request names when it names none itself:
    /// `Session/<version>` unless the app sets its own (`MyApp/2.1`), once,
    /// before it sends anything. Some servers refuse a request without one
    /// (GitHub's API answers 403), so no transport here sends one without.
    /// A value with anything but printable ASCII in it is not used.
    ///
    /// ```swift
    /// ConnectionSettings.userAgent = "MyApp/2.1 (+https://example.com/myapp)"
    /// ```
    public static var userAgent: String {
        get { chosenUserAgent.withLock { $0 } }
        set { chosenUserAgent.withLock { $0 = newValue } }
    }

    /// ``userAgent`` when it can be a header's value; the library's own otherwise.
    package static var headerUserAgent: String {
        let chosen = userAgent
        return !chosen.isEmpty && chosen.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
            ? chosen : "Session/\(sessionVersion)"
    }
}

private let chosenUserAgent = Locked("Session/\(sessionVersion)")
