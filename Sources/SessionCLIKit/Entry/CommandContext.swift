package import SessionCore
package import SessionSupport
import SessionSystem

/// What every command runs with, decided once from the global options and
/// the environment: the store, the language and the style, where it reads
/// and writes, the clock, and the way to the network.
///
/// A test makes one with a store in a temporary folder, a capturing
/// ``Console``, bytes for standard input and a stub ``Network``, and runs a
/// command in-process (``ToolEntry/run(_:environment:console:input:network:now:)``).
package struct CommandContext: Sendable {
    /// How a command reaches the network.
    package enum NetworkAccess: Sendable {
        /// `session-cli`: no networking here; the command line goes to `session-cli-api`.
        case companion
        /// `session-cli-api`, or a test: this implementation.
        case inProcess(any Network)
        /// None at all: a command that asks fails with 70, having changed
        /// nothing (a test shows that each command asks before it changes anything).
        case none
    }

    /// The command line, without the program's name, as given.
    package let arguments: [String]
    /// The tool's environment variables.
    package let environment: Environment
    /// Where output and errors go.
    package let console: Console
    /// Standard input.
    package let input: StandardInput
    /// The language of the output.
    package let language: Language
    /// Whether the button label is colored.
    package let style: Style
    /// The clock expiry is judged by.
    package let now: @Sendable () -> Date
    private let storeLocation: StoreOutcome
    private let access: NetworkAccess

    /// - Throws: A usage error for an invalid `--lang` or `--color`.
    package init(
        arguments: [String], globals: ParsedArguments<GlobalOption>, environment: Environment,
        console: Console,
        input: StandardInput, network: NetworkAccess, now: @escaping @Sendable () -> Date
    ) throws(CLIError) {
        self.arguments = arguments
        self.environment = environment
        self.console = console
        self.input = input
        self.now = now
        access = network
        language = try Language(option: globals.value(.lang), environment: environment)
        style = try Style(
            option: globals.value(.color), environment: environment,
            outputIsTerminal: console.outputIsTerminal)
        let language = language
        do {
            storeLocation = .store(
                try StoreLocation.resolve(
                    option: globals.value(.store), environment: environment, console: console,
                    language: language))
        } catch {
            storeLocation = .refused(error)
        }
    }

    /// The store, or why `--store` or its variables cannot name one: a type
    /// of its own, not `Result`, whose metadata every run would build (a
    /// lookup of `CLIError`'s conformance to `Error`, 4 % of `status`).
    private enum StoreOutcome {
        case store(FileLoginStateStore)
        case refused(CLIError)
    }

    /// The session file: `--store`, else `SESSION_CLI_STORE`, else the default location.
    ///
    /// - Throws: A usage error for an invalid `--store` or `SESSION_CLI_LOCK_TIMEOUT`.
    package func store() throws(CLIError) -> FileLoginStateStore {
        switch storeLocation {
        case .store(let store): return store
        case .refused(let error): throw error
        }
    }

    /// The network. In `session-cli` this never returns: the process becomes
    /// `session-cli-api` with the same command line, which runs the command
    /// from its start and gets here again. So a command asks before it has
    /// changed or printed anything; what it has read of standard input goes
    /// along.
    ///
    /// - Throws: Exit 70 when `session-cli-api` is missing or cannot run.
    package func network() throws(CLIError) -> any Network {
        switch access {
        case .inProcess(let network): return network
        case .companion: try CompanionLauncher.run(arguments, replaying: input.consumed)
        case .none: throw CLIError(.noNetworkInThisRun)
        }
    }

    /// `SESSION_CLI_TOKEN`, checked like any token, when it is set: it
    /// overrides the stored session for `token` and `api`.
    ///
    /// - Throws: Exit 65 when it is not a valid token (the message never shows it).
    package func overrideToken() throws(CLIError) -> AuthToken? {
        guard let text = environment[.token] else { return nil }
        do {
            return try AuthToken(text)
        } catch {
            throw CLIError(
                .tokenOverrideInvalid, messages: ["reason": ErrorReport.reason(error)])
        }
    }

    /// Refuses a command that would change the stored session while
    /// `SESSION_CLI_TOKEN` overrides it (gh's rule for GH_TOKEN); `action`
    /// says what it would do.
    package func refuseWhileOverridden(_ action: MessageKey) throws(CLIError) {
        guard environment[.token] != nil else { return }
        throw CLIError(.refusedWhileOverridden, messages: ["action": Message(action)])
    }

    /// `message` in the run's language.
    package func text(_ message: Message) -> String {
        message.text(in: language)
    }

    /// Says `message` on standard output: a result, a confirmation.
    package func say(_ message: Message) {
        console.out(message.text(in: language))
    }

    /// Says `key` on standard output, its blanks filled with `values`.
    package func say(_ key: MessageKey, _ values: KeyValuePairs<String, String> = [:]) {
        say(Message(key, values))
    }

    /// Tells the person `message` on standard error, as it is: what they
    /// must see or do while the command runs (a device code, a wait).
    package func tell(_ message: Message) {
        console.error(message.text(in: language))
    }

    /// `session-cli: <message>` on standard error: a warning or a note that
    /// does not end the command.
    package func warn(_ message: Message) {
        console.error("session-cli: " + message.text(in: language))
    }
}
