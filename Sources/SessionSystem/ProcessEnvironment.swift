#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Every environment variable the library and the tool read, in one list,
/// and the one place they are read (`getenv`). The library reads its own
/// only where its caller passes nothing (a default argument); the tool
/// reads its own once at start and passes them on. Which are the tool's,
/// and their help, is the tool's business (SessionCLIKit's `Environment`).
package enum EnvironmentVariable: String, CaseIterable, Sendable {
    // The tool's own.
    case store = "SESSION_CLI_STORE"
    case lockTimeout = "SESSION_CLI_LOCK_TIMEOUT"
    case issuer = "SESSION_CLI_ISSUER"
    case clientID = "SESSION_CLI_CLIENT_ID"
    case clientSecret = "SESSION_CLI_CLIENT_SECRET"
    case callbackPort = "SESSION_CLI_CALLBACK_PORT"
    case callbackHost = "SESSION_CLI_CALLBACK_HOST"
    case token = "SESSION_CLI_TOKEN"
    case server = "SESSION_CLI_SERVER"
    case account = "SESSION_CLI_ACCOUNT"
    case secrets = "SESSION_CLI_SECRETS"
    case noColor = "NO_COLOR"
    // The system's and other programs'.
    /// The home folder, under which the default session file is.
    case home = "HOME"
    /// Where state files go (`~/.local/state` when unset).
    case stateHome = "XDG_STATE_HOME"
    case allLocale = "LC_ALL"
    case messagesLocale = "LC_MESSAGES"
    case language = "LANG"
    case terminal = "TERM"
    case kubernetesExecInfo = "KUBERNETES_EXEC_INFO"
    /// The session D-Bus, where the keyring is.
    case sessionBus = "DBUS_SESSION_BUS_ADDRESS"
    /// The user's runtime folder: `$XDG_RUNTIME_DIR/bus` is the session bus when the address is unset.
    case runtimeDirectory = "XDG_RUNTIME_DIR"
    case columns = "COLUMNS"
    case path = "PATH"
    // Trust and proxies, read by the networking library as curl reads them.
    /// A PEM file of certificate authorities that replaces the system's bundle (as for curl, OpenSSL).
    case certificateFile = "SSL_CERT_FILE"
    /// A folder of hashed certificate authorities that replaces the system's folder.
    case certificateDirectory = "SSL_CERT_DIR"
    /// curl's name for ``certificateFile``, read when that is not set.
    case curlCABundle = "CURL_CA_BUNDLE"
    /// The proxy for https (curl reads both spellings; the lowercase one wins).
    case httpsProxyUpper = "HTTPS_PROXY"
    case httpsProxy = "https_proxy"
    /// The proxy for http: lowercase only, as in curl (CGI sets `HTTP_PROXY` from a request's header).
    case httpProxy = "http_proxy"
    /// The proxy for both schemes, when the scheme's own is not set.
    case allProxy = "ALL_PROXY"
    case allProxyLower = "all_proxy"
    /// Hosts that never go through a proxy.
    case noProxy = "NO_PROXY"
    case noProxyLower = "no_proxy"
    // A platform's identity, read by the networking library at each renewal of a machine's session.
    /// GitHub Actions' token service for this job (set with `permissions: id-token: write`).
    case actionsIDTokenRequestURL = "ACTIONS_ID_TOKEN_REQUEST_URL"
    /// The bearer token that service wants.
    case actionsIDTokenRequestToken = "ACTIONS_ID_TOKEN_REQUEST_TOKEN"
}

/// Reads ``EnvironmentVariable``s: this process's with `getenv`, or a
/// caller's dictionary (a test's, or what an app passes).
package enum ProcessEnvironment {
    /// The variable's value in this process's environment now.
    package static func value(_ name: EnvironmentVariable) -> String? {
        getenv(name.rawValue).map { String(cString: $0) }
    }

    /// The value of a variable a person names (`--assertion-from env:NAME`).
    package static func value(named name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variable's value in `environment`.
    package static func value(_ name: EnvironmentVariable, in environment: [String: String]) -> String? {
        environment[name.rawValue]
    }
}
