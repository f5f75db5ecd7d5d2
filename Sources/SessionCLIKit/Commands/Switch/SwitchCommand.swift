import SessionCore
import SessionSupport

/// `switch [--server URL] [--account NAME]`: make a session the default.
///
/// The only command that changes which session is the default, besides a
/// login. It takes its options only, never `SESSION_CLI_SERVER` or
/// `SESSION_CLI_ACCOUNT`: those select a session for a shell, and switching
/// because of them would change the default for every other shell.
package struct SwitchCommand: Command {
    /// `switch`'s options.
    package enum Option: String, CommandOption {
        case server
        case account

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .server: OptionSpec(rawValue, value: "URL", help: "The server of the session (its origin).")
            case .account: OptionSpec(rawValue, value: "NAME", help: "The account of the session.")
            }
        }
    }

    package static let spec = CommandSpec(
        name: "switch", summary: "Make another session the default.", options: Option.self,
        discussion: """
            With no options and exactly two sessions, switches to the other one; with more, give
            --server, --account or both. Selecting a session for one run (--server and --account on
            status, token, api and logout) or for a shell (SESSION_CLI_SERVER, SESSION_CLI_ACCOUNT)
            never changes the default; this does, for every shell.
            """)

    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        selection = try SessionSelection(server: arguments.value(.server), account: arguments.value(.account))
    }

    package func run(context: CommandContext) throws -> ExitCode {
        try context.refuseWhileOverridden("switch the default session")
        let store = try context.store()
        let sessions = try store.readSessions()
        let listed = sessions.byUse
        let target: SessionSet.Entry
        if selection.isEmpty {
            let others = listed.filter { $0.key != sessions.defaultKey }
            guard others.count == 1, let other = others.first else {
                guard !others.isEmpty else {
                    throw CLIError(
                        listed.isEmpty
                            ? "not logged in; there is no session to switch to"
                            : "there is only one session (\(SessionSelection.list(listed))); nothing to switch to",
                        code: .failure)
                }
                throw CLIError.usage(
                    "there are \(listed.count) sessions; choose one with --server and --account: "
                        + SessionSelection.list(listed))
            }
            target = other
        } else {
            guard let picked = try selection.pick(from: sessions) else {
                throw CLIError("not logged in; there is no session to switch to", code: .failure)
            }
            target = picked
        }
        guard target.key != sessions.defaultKey else {
            context.console.out("\(target.key) is already the default session.")
            return .success
        }
        try store.makeDefault(target.key)
        context.console.out("Switched the default session to \(target.key).")
        return .success
    }
}
