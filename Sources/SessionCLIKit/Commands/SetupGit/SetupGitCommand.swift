import SessionCore
import SessionSupport

/// `setup-git`: makes git ask `session-cli git-credential` for the session's
/// server, and no other helper; `--remove` undoes it.
package struct SetupGitCommand: Command {
    /// `setup-git`'s options.
    package enum Option: String, CommandOption {
        case server
        case account
        case remove

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .server: SessionSelection.serverOption
            case .account: SessionSelection.accountOption
            case .remove: OptionSpec(rawValue, help: "Remove what setup-git wrote for the server.")
            }
        }
    }

    package static let spec = CommandSpec(
        name: "setup-git", summary: "Make git use the session for its server (git-credential).",
        options: Option.self,
        discussion: """
            Writes to your global git config (git config --global) for the origin of the session's
            server (the default session, or the one --server and --account select):
              credential.<origin>.helper = (empty: git asks no other helper for this origin)
              credential.<origin>.helper = !'<path of session-cli>' git-credential
            Run twice, it leaves the same config. With --account, the helper is given --account too.
            --remove removes both (by --server, or the session's server), whether a session is there or not.
            """)

    let selection: SessionSelection
    let remove: Bool

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        selection = try SessionSelection(server: arguments.value(.server), account: arguments.value(.account))
        remove = arguments.has(.remove)
    }

    package func run(context: CommandContext) throws -> ExitCode {
        let selection = try self.selection.completed(from: context.environment)
        let origin = try self.origin(selection, context: context)
        let key = "credential.\(origin).helper"
        if remove {
            let outcome = try GitConfig.run(["--unset-all", key])
            switch outcome.status {
            case 0:
                context.console.out(
                    "Removed git's credential helper for \(origin) from your global git config.")
            case 5:
                context.console.out(
                    "Your global git config has no credential helper for \(origin); nothing to remove.")
            default: throw Self.failure(outcome)
            }
            return .success
        }
        guard let path = Executable.sessionCLI() else {
            throw CLIError("cannot tell where session-cli is installed", code: .software)
        }
        let helper =
            "!" + ShellWord.quoted(path) + " git-credential"
            + (selection.account.map { " --account " + ShellWord.quoted($0) } ?? "")
        for arguments in [["--replace-all", key, ""], ["--add", key, helper]] {
            let outcome = try GitConfig.run(arguments)
            guard outcome.status == 0 else { throw Self.failure(outcome) }
        }
        context.console.out(
            """
            Configured git for \(origin) in your global git config:
              \(key) = (empty: git asks no other helper for \(origin))
              \(key) = \(TerminalText.escaped(helper))
            """)
        return .success
    }

    /// The origin to configure: the one `--server` names, else the selected session's server's.
    private func origin(_ selection: SessionSelection, context: CommandContext) throws -> String {
        if remove, let server = selection.server, let origin = SessionKey(server: server, account: nil).origin
        {
            return origin
        }
        let store = try context.store()
        guard let entry = try selection.pick(from: try store.readSessions()) else {
            throw CLIError(
                "not logged in; log in with --server URL first, then run 'session-cli setup-git'",
                code: .failure)
        }
        guard let origin = entry.key.origin else {
            throw CLIError(
                "the session of \(entry.key) names no server; log in again with --server URL", code: .failure)
        }
        return origin
    }

    private static func failure(_ outcome: GitConfig.Outcome) -> CLIError {
        CLIError(
            "git config failed (exit \(outcome.status))"
                + (outcome.error.isEmpty ? "" : ": \(outcome.error)"),
            code: .failure)
    }
}
