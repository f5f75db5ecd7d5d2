import SessionCore
import SessionSupport
import SessionSystem

/// `setup-git`: makes git ask `session-cli git-credential` for the session's
/// server, and no other helper; `--remove` undoes it.
package struct SetupGitCommand: Command {
    /// `setup-git`'s options.
    package enum Option: String, SelectsSession {
        case server
        case account
        case remove

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .server, .account: Self.spec(of: self)
            case .remove: OptionSpec(rawValue, help: .setupGitRemoveHelp)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "setup-git", summary: .setupGitSummary, options: Option.self,
        discussion: Message(.setupGitDiscussion),
        examples: [
            "session-cli setup-git",
            "session-cli setup-git --server https://git.example.com --account alice",
            "session-cli setup-git --remove --server https://git.example.com",
        ],
        failures: [words, .session, .store])

    let selection: SessionSelection
    let remove: Bool

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        selection = try SessionSelection(parsing: arguments)
        remove = arguments.has(.remove)
    }

    package func run(context: CommandContext) throws -> ExitCode {
        let selection = try self.selection.completed(from: context.environment)
        let origin = try self.origin(selection, context: context)
        let key = "credential.\(origin).helper"
        if remove {
            let outcome = try GitConfig.run(["--unset-all", key])
            switch outcome.status {
            case 0: context.say(.setupGitRemoved, ["origin": origin])
            case 5: context.say(.setupGitNothingToRemove, ["origin": origin])
            default: throw Self.failure(outcome)
            }
            return .success
        }
        guard let path = Executable.invokedPath(environment: context.environment) else {
            throw CLIError(.setupGitNoPath)
        }
        let helper =
            "!" + ShellWord.quoted(path) + " git-credential"
            + (selection.account.map { " --account " + ShellWord.quoted($0) } ?? "")
        for arguments in [["--replace-all", key, ""], ["--add", key, helper]] {
            let outcome = try GitConfig.run(arguments)
            guard outcome.status == 0 else { throw Self.failure(outcome) }
        }
        context.say(.setupGitConfigured, ["origin": origin])
        context.console.out("  \(key) = " + context.text(Message(.setupGitEmptyValue, ["origin": origin])))
        context.console.out("  \(key) = \(helper)")
        context.say(.setupGitMoveHint)
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
            throw CLIError(.setupGitNotLoggedIn)
        }
        // Where git goes with this session's token: GitHub's git is at github.com, its API elsewhere.
        guard let origin = entry.gitOrigins.first else {
            throw CLIError(
                .setupGitNoServer, messages: ["session": ErrorReport.describe(entry.key)])
        }
        return origin
    }

    private static func failure(_ outcome: GitConfig.Outcome) -> CLIError {
        outcome.error.isEmpty
            ? CLIError(.gitConfigFailed, ["status": String(outcome.status)])
            : CLIError(
                .gitConfigFailedSaying, ["status": String(outcome.status), "error": outcome.error])
    }
}

// The help of each option above, in English and Japanese.
extension MessageKey {
    static var setupGitRemoveHelp: MessageKey {
        MessageKey(
            "Remove what setup-git wrote for the server.",
            "setup-git がそのサーバーについて書いた設定を削除します。")
    }
}
