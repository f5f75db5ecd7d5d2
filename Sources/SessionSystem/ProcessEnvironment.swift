#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Every environment variable the library reads, in one list, and the one
/// place it reads them of its own accord. The caller can always pass the
/// values instead (the command-line tool passes its own environment), as
/// `FileLoginStateStore.defaultFileURL(appName:environment:)` takes a
/// dictionary that is the process's environment by default.
package enum ProcessEnvironment {
    package enum Name: String, CaseIterable, Sendable {
        /// The session D-Bus, where the keyring is.
        case sessionBus = "DBUS_SESSION_BUS_ADDRESS"
        /// The user's runtime folder: `$XDG_RUNTIME_DIR/bus` is the session bus when the address is unset.
        case runtimeDirectory = "XDG_RUNTIME_DIR"
        /// The home folder, under which the default session file is.
        case home = "HOME"
        /// Where state files go (`~/.local/state` when unset).
        case stateHome = "XDG_STATE_HOME"
        /// A PEM file of certificate authorities that replaces the system's bundle (as for curl, OpenSSL).
        case certificateFile = "SSL_CERT_FILE"
        /// A folder of hashed certificate authorities that replaces the system's folder.
        case certificateDirectory = "SSL_CERT_DIR"
        /// curl's name for ``certificateFile``, read when that is not set.
        case curlCABundle = "CURL_CA_BUNDLE"
        /// The proxy for https (curl reads both spellings; the lowercase one wins).
        case httpsProxy = "https_proxy"
        case httpsProxyUpper = "HTTPS_PROXY"
        /// The proxy for http: lowercase only, as in curl (CGI sets `HTTP_PROXY` from a request's header).
        case httpProxy = "http_proxy"
        /// The proxy for both schemes, when the scheme's own is not set.
        case allProxy = "ALL_PROXY"
        case allProxyLower = "all_proxy"
        /// Hosts that never go through a proxy.
        case noProxy = "NO_PROXY"
        case noProxyLower = "no_proxy"
    }

    /// The variable's value in this process's environment now.
    package static func value(_ name: Name) -> String? {
        getenv(name.rawValue).map { String(cString: $0) }
    }

    /// The value of the variable named `name` in this process's environment now.
    package static func value(named name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variable's value in `environment`.
    package static func value(_ name: Name, in environment: [String: String]) -> String? {
        environment[name.rawValue]
    }
}
