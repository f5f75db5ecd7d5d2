import SessionCore
import SessionSupport

/// `status`: show the session and the button. Never writes, never uses the network.
package struct StatusCommand: Command {
    /// `status`'s options.
    package enum Option: String, CommandOption {
        case json
        case showToken = "show-token"

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .json: OptionSpec(rawValue, help: "Print one JSON object (its fields are listed below).")
            case .showToken: OptionSpec(rawValue, help: "Include the full token in the output.")
            }
        }
    }

    package static let spec = CommandSpec(
        name: "status", summary: "Show the session and the login button. Never writes.", options: Option.self,
        discussion: """
            Exits 0 when logged in with an unexpired session, 1 when logged out or expired.
            --json prints one object with these keys, absent values null: state (logged_in, logged_out,
            expired), account, server, issuedAt, expiresAt (ISO 8601), expiresInSeconds, tokenRedacted,
            token (with --show-token only), provider {issuer, clientID, confidential}, scopes, canRefresh,
            refreshesOnUse, tokenSource (store or environment), store, button {action, label, color, hex}.
            """)

    let json: Bool
    let showToken: Bool

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        json = arguments.has(.json)
        showToken = arguments.has(.showToken)
    }

    /// Prints the session and the button; exits 0 only when logged in.
    package func run(context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let status = try LoginUsecase(repository: store, now: context.now).status()
        let path = store.fileURL.path
        let report = StatusReport(
            status: status, storePath: path, showToken: showToken, language: context.language,
            environmentToken: context.environment[.token] != nil)
        if try store.hasInsecurePermissions() {
            context.console.error(
                "session-cli: warning: \(path) can be read by other users; run 'chmod 600 \(path)' or log in again"
            )
        }
        if json {
            context.console.out(report.json())
        } else {
            context.console.out(composed: report.text(style: context.style))
        }
        return status.phase == .loggedIn ? .success : .failure
    }
}
