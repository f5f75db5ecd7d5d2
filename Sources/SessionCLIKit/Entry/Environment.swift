import SessionCore
import SessionSupport
package import SessionSystem

/// What the tool makes of the variables (SessionSystem's one list): which
/// it reads itself, and the help for its own. The only way the tool reads
/// the environment, so a variable that is not in the list does not
/// compile, and the help and the CLI reference are made from it.
extension EnvironmentVariable {
    /// Whether only the networking library reads it (trust and proxies, as
    /// curl does): listed in the help, never read by the tool itself.
    package var isReadByLibrary: Bool {
        switch self {
        case .certificateFile, .certificateDirectory, .curlCABundle, .httpsProxyUpper, .httpsProxy,
            .httpProxy,
            .allProxy, .allProxyLower, .noProxy, .noProxyLower, .actionsIDTokenRequestURL,
            .actionsIDTokenRequestToken:
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
        case .httpsProxyUpper: key = .variableHTTPSProxy
        case .httpProxy: key = .variableHTTPProxy
        case .allProxy: key = .variableAllProxy
        case .noProxy: key = .variableNoProxy
        case .actionsIDTokenRequestURL: key = .variableActionsRequestURL
        case .actionsIDTokenRequestToken: key = .variableActionsRequestToken
        case .home, .stateHome, .allLocale, .messagesLocale, .language, .terminal, .kubernetesExecInfo,
            .sessionBus, .runtimeDirectory, .path, .httpsProxy, .allProxyLower, .noProxyLower:
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
                $0.isReadByLibrary ? nil : ProcessEnvironment.value($0)
            })
    }

    /// The variable's value; `nil` when it is unset or empty (an empty
    /// value means "not set" for every variable here).
    package subscript(_ variable: EnvironmentVariable) -> String? {
        guard let index = EnvironmentVariable.allCases.firstIndex(of: variable) else { return nil }
        return values[index].flatMap { $0.isEmpty ? nil : $0 }
    }
}
