import SessionCore
import SessionSupport

/// `status`: show the session and the button. Never writes, never uses the network.
package struct StatusCommand: Command {
    /// `status`'s options.
    package enum Option: String, CommandOption {
        case json
        case showToken = "show-token"
        case watch
        case server
        case account

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .json: OptionSpec(rawValue, help: "Print one JSON object (its fields are listed below).")
            case .showToken: OptionSpec(rawValue, help: "Include the full token in the output.")
            case .watch:
                OptionSpec(
                    rawValue,
                    help: "Print the status again on every change, until Ctrl-C or SIGTERM (exit 0).")
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
            token (with --show-token only), secrets (file or keyring: where the tokens are kept),
            provider {issuer, clientID, confidential}, scopes, canRefresh,
            refreshesOnUse, tokenSource (store or environment), store, button {action, label, color, hex},
            and sessions: one object per session with the same keys but token, and default (true, false).
            --watch prints the status now, then again each time the shown session changes (a login,
            logout, switch or refresh by any process, or its token expiring), a blank line between
            two; with --json, one object a line. It never polls: the store's folder is watched.
            status reads only the session file, never the keyring, unless --show-token asks for a token
            kept there.
            """)

    let json: Bool
    let showToken: Bool
    let watch: Bool
    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        json = arguments.has(.json)
        showToken = arguments.has(.showToken)
        watch = arguments.has(.watch)
        selection = try SessionSelection(server: arguments.value(.server), account: arguments.value(.account))
    }

    /// Prints the session and the button; exits 0 only when logged in. With
    /// `--watch`, prints them again on every change until a signal ends it.
    package func run(context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let sessions = try store.readSessions()
        let selection = try self.selection.completed(from: context.environment)
        // The usecase's rule, for the default session or the selected one.
        let shown = try selection.pick(from: sessions)
        if try store.hasInsecurePermissions() {
            context.console.error(
                "session-cli: warning: \(store.path) can be read by other users; run 'chmod 600 \(store.path)' or log in again"
            )
        }
        guard watch else {
            let credential = try shown?.credential()
            let status = LoginUsecase.status(
                of: credential.map { .loggedIn($0) } ?? .loggedOut, at: context.now())
            try show(
                status, sessions: sessions, listsOthers: selection.isEmpty, store: store, context: context)
            return status.phase == .loggedIn ? .success : .failure
        }
        // The default view follows the default as it moves; a selected session is watched by its key.
        let repository: any LoginStateRepository = shown.map { store.repository(for: $0.key) } ?? store
        let usecase = LoginUsecase(repository: repository, now: context.now)
        InterruptEnding.exitZero()
        try waitFor {
            var first = true
            for try await status in usecase.statuses() {
                if !first && !json { context.console.out("") }
                first = false
                let sessions = try store.readSessions()
                try show(
                    status, sessions: sessions, listsOthers: selection.isEmpty, store: store, context: context
                )
            }
        }
        return .success
    }

    /// Prints `status` as text or as one JSON line.
    private func show(
        _ status: LoginStatus, sessions: SessionSet, listsOthers: Bool, store: FileLoginStateStore,
        context: CommandContext
    ) throws {
        var status = status
        if showToken, let credential = status.credential, credential.holdsStandIns {
            // The token asked for is in the keyring: only then does status ask it.
            status = LoginUsecase.status(
                of: try store.repository(for: credential.key).load(), at: status.checkedAt)
        }
        let report = StatusReport(
            status: status, storePath: store.path, showToken: showToken, language: context.language,
            environmentToken: context.environment[.token] != nil, sessions: sessions, listsOthers: listsOthers
        )
        if json {
            context.console.out(try report.json())
        } else {
            context.console.out(composed: try report.text(style: context.style))
        }
    }
}

/// Ends the process with exit 0 at SIGINT or SIGTERM: for `status --watch`,
/// whose normal end is the person (or a script) stopping it. Its output is
/// written as it is printed, so nothing is left unwritten.
private enum InterruptEnding {
    static func exitZero() {
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u.__sa_handler = { _ in _exit(0) }
            #else
                action.__sigaction_handler.sa_handler = { _ in _exit(0) }
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }
}
