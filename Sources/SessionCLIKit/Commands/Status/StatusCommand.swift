import SessionCore
import SessionSupport

/// `status`: show the session and the button. Never writes, never uses the network.
package struct StatusCommand: Command {
    /// `status`'s options.
    package enum Option: String, CommandOption {
        case json
        case showToken = "show-token"
        case server
        case account

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .json: OptionSpec(rawValue, help: "Print one JSON object (its fields are listed below).")
            case .showToken: OptionSpec(rawValue, help: "Include the full token in the output.")
            case .server: SessionSelection.serverOption
            case .account: SessionSelection.accountOption
            }
        }
    }

    package static let spec = CommandSpec(
        name: "status", summary: "Show the session and the login button. Never writes.", options: Option.self,
        discussion: """
            Shows the default session, then one line for each other session; with --server or --account
            (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT), the session they select instead.
            Exits 0 when the shown session is logged in and usable, 1 when logged out or expired.
            --json prints one object with these keys, absent values null: state (logged_in, logged_out,
            expired), account, server, issuedAt, expiresAt (ISO 8601), expiresInSeconds, tokenRedacted,
            token (with --show-token only), provider {issuer, clientID, confidential}, scopes, canRefresh,
            refreshesOnUse, tokenSource (store or environment), store, button {action, label, color, hex},
            and sessions: one object per session with the same keys but token, and default (true, false).
            """)

    let json: Bool
    let showToken: Bool
    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        json = arguments.has(.json)
        showToken = arguments.has(.showToken)
        selection = try SessionSelection(server: arguments.value(.server), account: arguments.value(.account))
    }

    /// Prints the session and the button; exits 0 only when logged in.
    package func run(context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let sessions = try store.readSessions()
        let selection = try self.selection.completed(from: context.environment)
        // The usecase's rule, for the default session or the selected one.
        let shown = try selection.pick(from: sessions)?.credential()
        let status = LoginUsecase.status(of: shown.map { .loggedIn($0) } ?? .loggedOut, at: context.now())
        let path = store.path
        let report = StatusReport(
            status: status, storePath: path, showToken: showToken, language: context.language,
            environmentToken: context.environment[.token] != nil, sessions: sessions,
            listsOthers: selection.isEmpty)
        if try store.hasInsecurePermissions() {
            context.console.error(
                "session-cli: warning: \(path) can be read by other users; run 'chmod 600 \(path)' or log in again"
            )
        }
        if json {
            context.console.out(try report.json())
        } else {
            context.console.out(composed: try report.text(style: context.style))
        }
        return status.phase == .loggedIn ? .success : .failure
    }
}
