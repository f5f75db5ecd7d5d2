import SessionCore
import SessionSupport

/// `logout`: remove a session (or all), then revoke its grant at the
/// provider. Already logged out is success.
package struct LogoutCommand: Command {
    /// `logout`'s options.
    package enum Option: String, CommandOption {
        case local
        case all
        case server
        case account

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .local:
                OptionSpec(
                    rawValue, help: "Remove the session here only; do not revoke the grant at the provider.")
            case .all: OptionSpec(rawValue, help: "End every session.")
            case .server: SessionSelection.serverOption
            case .account: SessionSelection.accountOption
            }
        }
    }

    package static let spec = CommandSpec(
        name: "logout", summary: "Revoke the grant and remove the session. Succeeds when already logged out.",
        options: Option.self,
        discussion: """
            Ends the default session, or the one --server and --account (or SESSION_CLI_SERVER and
            SESSION_CLI_ACCOUNT) select, or with --all every session. When the default session ends and
            others remain, the most recently used one becomes the default.
            A session is removed first (read and deleted in one step under the store's lock, with any
            temporary file a killed writer left behind), then what was removed is revoked at the provider
            (RFC 7009: the refresh token, and the access token while it is valid), within \
            \(SessionLimits.revocationDeadline.components.seconds) s. Standard
            error says whether the revocation worked; a failed revocation does not fail the logout.
            A session kept in the keyring has its items there deleted after the file; when the keyring
            cannot be reached for that, the session is still logged out, standard error gives the
            secret-tool command that deletes the items, and the exit status is 69.
            """)

    /// `--local`: do not contact the provider.
    let local: Bool
    /// `--all`: every session.
    let all: Bool
    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        local = arguments.has(.local)
        all = arguments.has(.all)
        selection = try SessionSelection(server: arguments.value(.server), account: arguments.value(.account))
        guard !(all && !selection.isEmpty) else {
            throw .usage("--all ends every session; give it without --server and --account")
        }
    }

    package func run(context: CommandContext) throws -> ExitCode {
        try context.refuseWhileOverridden("log out")
        let store = try context.store()
        let selection = try self.selection.completed(from: context.environment)
        let sessions: SessionSet
        do {
            sessions = try store.readSessions()
        } catch let error as SessionFileError where error.isBadData && selection.isEmpty {
            // A file that cannot be read as sessions is removed: that is
            // exactly what logout is for. (Not for a logout of one selected
            // session: the others are in that file too.)
            try store.removeAll()
            context.console.out("Removed an unreadable session file. Logged out.")
            return .success
        }
        // The network first, while nothing has changed: in session-cli this
        // is where the command line goes to session-cli-api.
        if all {
            let revoking = sessions.entries.contains { ((try? $0.credential()).map(revokes)) ?? false }
            let network = revoking ? try context.network() : nil
            let removed = try store.removeAllSessions()
            for session in removed { try report(revocationOf: session, network, context) }
            context.console.out(
                removed.isEmpty
                    ? "Not logged in; nothing to do."
                    : "Logged out of \(removed.count) session\(removed.count == 1 ? "" : "s").")
            return try reportKeyringLeftovers(removed, store: store, context: context)
        }
        guard let stored = try selection.pick(from: sessions) else {
            try store.removeLeftovers()
            context.console.out("Not logged in; nothing to do.")
            return .success
        }
        let credential: Credential
        do {
            credential = try stored.credential()
        } catch let error as SessionFileError where error.isBadData {
            // One session the file holds but that cannot be read goes, and the others stay.
            try store.repository(for: stored.key).clear()
            context.console.out("Removed the session of \(stored.key), which could not be read. Logged out.")
            return .success
        }
        let network = revokes(credential) ? try context.network() : nil
        // Read and removed in one step under the store's writer lock, so a
        // refresh in another process either finished before (and its rotated
        // tokens are what is removed) or finds no session after.
        guard let removed = try store.removeSession(stored.key) else {
            context.console.out("Not logged in; nothing to do.")
            return .success
        }
        try report(revocationOf: removed, network, context)
        let who = CommandContext.describe(removed.credential)
        context.console.out("Logged out\(who.isEmpty ? "" : " \(who)").")
        if stored.key == sessions.defaultKey, let next = try store.readSessions().defaultKey {
            context.console.out("The default session is now \(next).")
        }
        return try reportKeyringLeftovers([removed], store: store, context: context)
    }

    /// Says which removed sessions left their tokens in the keyring (it could
    /// not be reached to delete them), with the command that deletes them:
    /// exit 69 then, 0 otherwise.
    private func reportKeyringLeftovers(
        _ removed: [FileLoginStateStore.Removed], store: FileLoginStateStore, context: CommandContext
    ) throws -> ExitCode {
        var status = ExitCode.success
        for session in removed {
            guard let error = session.cleanupError else { continue }
            let key = session.credential.key
            let command =
                ["secret-tool", "clear", "application", StoreLocation.appName, "store", store.path]
                + ["server", key.origin ?? "", "account", key.account ?? ""]
            context.console.error(
                "session-cli: the tokens of \(TerminalText.escaped(key.description)) are still in the keyring "
                    + "(\(ErrorReport.cliError(for: error).message)); delete them with: "
                    + TerminalText.escaped(command.map(ShellWord.word).joined(separator: " ")))
            status = .unavailable
        }
        return status
    }

    /// Whether logging out `credential` revokes it at its provider.
    private func revokes(_ credential: Credential) -> Bool {
        !local && credential.provider?.revocationEndpoint != nil
    }

    /// Revokes what a logout removed, and says how it went.
    private func report(
        revocationOf session: FileLoginStateStore.Removed, _ network: (any Network)?,
        _ context: CommandContext
    ) throws {
        let credential = session.credential
        guard !local, let issuer = credential.provider?.issuer else { return }
        let revocation =
            if let error = session.secretsError, revokes(credential) {
                // Never sent: what stands in for a token kept in a keyring that could not give it.
                Revocation.failed(
                    issuer: issuer.absoluteString,
                    reason:
                        "its tokens could not be read from the keyring: \(ErrorReport.cliError(for: error).message)"
                )
            } else if let network, revokes(credential) {
                try waitFor { await network.revoke(credential) }
            } else {
                Revocation.notOffered(issuer: issuer.absoluteString)
            }
        context.console.error(revocation.message)
    }
}
