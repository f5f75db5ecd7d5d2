import SessionCore
import SessionSupport
import SessionSystem

/// Every environment variable the tool reads, as one typed list: the only
/// way the tool reads the environment, so a variable that is not here does
/// not compile, and the help and the CLI reference are made from it.
package enum EnvironmentVariable: String, CaseIterable, Sendable {
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
    // The system's and other programs', read but not documented as the tool's own.
    case home = "HOME"
    case stateHome = "XDG_STATE_HOME"
    case allLocale = "LC_ALL"
    case messagesLocale = "LC_MESSAGES"
    case language = "LANG"
    case terminal = "TERM"
    case kubernetesExecInfo = "KUBERNETES_EXEC_INFO"
    case sessionBus = "DBUS_SESSION_BUS_ADDRESS"
    case runtimeDirectory = "XDG_RUNTIME_DIR"
    case columns = "COLUMNS"
    case path = "PATH"
    // Read by the networking library, as curl reads them; listed for the help.
    case certificateFile = "SSL_CERT_FILE"
    case certificateDirectory = "SSL_CERT_DIR"
    case curlCABundle = "CURL_CA_BUNDLE"
    case httpsProxy = "HTTPS_PROXY"
    case httpProxy = "http_proxy"
    case allProxy = "ALL_PROXY"
    case noProxy = "NO_PROXY"

    /// Whether only the networking library reads it (trust and proxies, as
    /// curl does): listed in the help, never read by the tool itself.
    package var isReadByLibrary: Bool {
        switch self {
        case .certificateFile, .certificateDirectory, .curlCABundle, .httpsProxy, .httpProxy, .allProxy,
            .noProxy:
            true
        default: false
        }
    }

    /// What the variable does, for the help and the CLI reference; `nil`
    /// for the system's variables, which the tool only reads.
    package var help: Message? {
        let key: MessageKey
        switch self {
        case .store: key = .variableStore
        case .lockTimeout:
            return Message(.variableLockTimeout, ["seconds": String(Int(SessionLimits.lockTimeout))])
        case .issuer: key = .variableIssuer
        case .clientID: key = .variableClientID
        case .clientSecret: key = .variableClientSecret
        case .callbackPort: key = .variableCallbackPort
        case .callbackHost: key = .variableCallbackHost
        case .token: key = .variableToken
        case .server: key = .variableServer
        case .account: key = .variableAccount
        case .secrets: key = .variableSecrets
        case .noColor: key = .variableNoColor
        case .columns: key = .variableColumns
        case .certificateFile: key = .variableCertificateFile
        case .certificateDirectory: key = .variableCertificateDirectory
        case .curlCABundle: key = .variableCurlCABundle
        case .httpsProxy: key = .variableHTTPSProxy
        case .httpProxy: key = .variableHTTPProxy
        case .allProxy: key = .variableAllProxy
        case .noProxy: key = .variableNoProxy
        case .home, .stateHome, .allLocale, .messagesLocale, .language, .terminal, .kubernetesExecInfo,
            .sessionBus, .runtimeDirectory, .path:
            return nil
        }
        return Message(key)
    }

    /// The tool's own variables, with their help, in the order the help lists them.
    package static var documented: [(variable: EnvironmentVariable, help: Message)] {
        allCases.compactMap { variable in variable.help.map { (variable, $0) } }
    }
}

/// The values of the tool's environment variables, read once at start.
///
/// `ProcessInfo.environment` copies the whole environment into a dictionary
/// through generic code: 0.7M instructions, about a seventh of `status`
/// (callgrind). A dozen `getenv` calls cost next to nothing.
///
/// ```swift
/// let environment = Environment.current()
/// environment[.issuer]   // nil when unset or empty
/// ```
package struct Environment: Sendable {
    /// The values, by the variable's place in ``EnvironmentVariable/allCases``:
    /// an array, not a dictionary, whose first instantiation would cost
    /// `status` 0.2M instructions.
    private let values: [String?]

    private init(values: [String?]) {
        self.values = values
    }

    /// The given values, for tests.
    package init(_ given: [EnvironmentVariable: String] = [:]) {
        values = EnvironmentVariable.allCases.map { given[$0] }
    }

    /// This process's environment: the variables the tool reads (the
    /// networking library reads its own, ``EnvironmentVariable/isReadByLibrary``).
    package static func current() -> Environment {
        Environment(
            values: EnvironmentVariable.allCases.map {
                $0.isReadByLibrary ? nil : ProcessEnvironment.value(named: $0.rawValue)
            })
    }

    /// The variable's value; `nil` when it is unset or empty (an empty
    /// value means "not set" for every variable here).
    package subscript(_ variable: EnvironmentVariable) -> String? {
        guard let index = EnvironmentVariable.allCases.firstIndex(of: variable) else { return nil }
        return values[index].flatMap { $0.isEmpty ? nil : $0 }
    }
}
