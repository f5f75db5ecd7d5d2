import SessionCore
import SessionSupport

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

    /// What the variable does, for the help and the CLI reference; `nil`
    /// for the system's variables, which the tool only reads.
    package var help: String? {
        switch self {
        case .store: "The session file, when --store is not given."
        case .lockTimeout:
            "Seconds a writer waits for another process's lock (default \(Int(SessionLimits.lockTimeout)))."
        case .issuer: "The provider for login --device and --web, when --issuer is not given."
        case .clientID: "The client ID for login --device and --web, when --client-id is not given."
        case .clientSecret: "A confidential client's secret (never an option: ps shows options)."
        case .callbackPort: "The port for login --web, when --callback-port is not given."
        case .callbackHost: "The redirect's host for login --web, when --callback-host is not given."
        case .token: "A token that overrides the session for token and api; login and logout refuse."
        case .server: "Use the session on this server for this shell (as --server); the default stays."
        case .account: "Use the session of this account for this shell (as --account); the default stays."
        case .secrets:
            "Where login keeps a new session's tokens, when --secrets is not given: file or keyring."
        case .noColor: "Set: no color with --color auto."
        case .home, .stateHome, .allLocale, .messagesLocale, .language, .terminal, .kubernetesExecInfo,
            .sessionBus, .runtimeDirectory:
            nil
        }
    }

    /// The tool's own variables, with their help, in the order the help lists them.
    package static var documented: [(variable: EnvironmentVariable, help: String)] {
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

    /// This process's environment.
    package static func current() -> Environment {
        Environment(
            values: EnvironmentVariable.allCases.map { getenv($0.rawValue).map { String(cString: $0) } })
    }

    /// The variable's value; `nil` when it is unset or empty (an empty
    /// value means "not set" for every variable here).
    package subscript(_ variable: EnvironmentVariable) -> String? {
        guard let index = EnvironmentVariable.allCases.firstIndex(of: variable) else { return nil }
        return values[index].flatMap { $0.isEmpty ? nil : $0 }
    }
}
