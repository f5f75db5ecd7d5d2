import SessionCore
import SessionSupport

/// `logout`: remove a session (or all), then revoke its grant at the
/// provider, and with `--everywhere` end the person's session there too, in
/// the browser. Already logged out is success.
package struct LogoutCommand: Command {
    /// `logout`'s options.
    package enum Option: String, SelectsSession {
        case local
        case all
        case everywhere
        case noBrowser = "no-browser"
        case server
        case account

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .local: OptionSpec(rawValue, help: .logoutLocalHelp)
            case .all: OptionSpec(rawValue, help: .logoutAllHelp)
            case .everywhere: OptionSpec(rawValue, help: .logoutEverywhereHelp)
            case .noBrowser: OptionSpec(rawValue, help: .logoutNoBrowserHelp)
            case .server, .account: Self.spec(of: self)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "logout", summary: .logoutSummary, options: Option.self,
        discussion: Message(
            .logoutDiscussion,
            [
                "seconds": String(SessionLimits.revocationDeadline.components.seconds),
                "minutes": String(SessionLimits.browserWait.components.seconds / 60),
            ]),
        examples: [
            "session-cli logout",
            "session-cli logout --server https://staging.example.com",
            "session-cli logout --all --local",
            "session-cli logout --everywhere",
        ],
        failures: [words, .session, .store, .storeLock, .keyring, .companion])

    /// `--local`: do not contact the provider.
    let local: Bool
    /// `--all`: every session.
    let all: Bool
    /// `--everywhere`: end the session at the provider too, in the browser.
    let everywhere: Bool
    /// `--no-browser`: print the provider's logout URL instead of opening it.
    let opensBrowser: Bool
    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        local = arguments.has(.local)
        all = arguments.has(.all)
        everywhere = arguments.has(.everywhere)
        opensBrowser = !arguments.has(.noBrowser)
        selection = try SessionSelection(parsing: arguments)
        guard !(all && !selection.isEmpty) else {
            throw CLIError(.logoutAllWithSelection)
        }
        guard !everywhere || !(local || all) else {
            throw CLIError(.logoutEverywhereAlone, ["option": local ? "--local" : "--all"])
        }
        guard everywhere || opensBrowser else {
            throw CLIError(.optionNeedsOther, ["option": "--no-browser", "other": "--everywhere"])
        }
    }

    package func run(context: CommandContext) throws -> ExitCode {
        try context.refuseWhileOverridden(.actionLogOut)
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
            context.say(.logoutRemovedUnreadableFile)
            return .success
        }
        // The network first, while nothing has changed: in session-cli this
        // is where the command line goes to session-cli-api.
        if all {
            let revoking = sessions.entries.contains { ((try? $0.credential()).map(revokes)) ?? false }
            let network = revoking ? try context.network() : nil
            let removed = try store.removeAllSessions()
            for session in removed { try report(revocationOf: session, network, context) }
            switch removed.count {
            case 0: context.say(.logoutNothingToDo)
            case 1: context.say(.logoutAllOne)
            default: context.say(.logoutAllMany, ["count": String(removed.count)])
            }
            return try reportKeyringLeftovers(removed, store: store, context: context)
        }
        guard let stored = try selection.pick(from: sessions) else {
            try store.removeLeftovers()
            context.say(.logoutNothingToDo)
            return .success
        }
        let credential: Credential
        do {
            credential = try stored.credential()
        } catch let error as SessionFileError where error.isBadData {
            // One session the file holds but that cannot be read goes, and the others stay.
            try store.repository(for: stored.key).clear()
            context.say(
                Message(
                    .logoutRemovedUnreadableSession, messages: ["session": ErrorReport.describe(stored.key)]))
            return .success
        }
        let network =
            revokes(credential) || everywhere && credential.provider != nil ? try context.network() : nil
        // Read and removed in one step under the store's writer lock, so a
        // refresh in another process either finished before (and its rotated
        // tokens are what is removed) or finds no session after.
        guard let removed = try store.removeSession(stored.key) else {
            context.say(.logoutNothingToDo)
            return .success
        }
        try report(revocationOf: removed, network, context)
        var status = ExitCode.success
        if everywhere {
            // Last: the grant is revoked and the session gone whatever the browser does.
            let (opensBrowser, language) = (opensBrowser, context.language)
            let signOut: ProviderSignOut
            if let issuer = removed.credential.provider?.issuer.absoluteString,
                let error = removed.secretsError
            {
                // The ID token stayed in a keyring that could not give it.
                signOut = .failed(
                    issuer: issuer,
                    reason: Message(
                        .revocationKeyringUnreadable,
                        messages: ["reason": ErrorReport.cliError(for: error).message]),
                    timedOut: false)
            } else if let network, removed.credential.provider != nil {
                signOut = try waitFor {
                    await network.endSession(
                        removed.credential, opensBrowser: opensBrowser, language: language
                    ) {
                        SignInProgress.show($0, context)
                    }
                }
            } else {
                // A pasted token's session: no provider, no network asked for.
                signOut = .noProvider
            }
            context.report(signOut)
            if case .failed(_, _, let timedOut) = signOut { status = timedOut ? .busy : .unavailable }
        }
        context.say(
            Message(.loggedOutOf, messages: ["session": ErrorReport.describe(removed.credential.key)]))
        if stored.key == sessions.defaultKey, let next = try store.readSessions().defaultKey {
            context.say(Message(.logoutDefaultIsNow, messages: ["session": ErrorReport.describe(next)]))
        }
        let leftovers = try reportKeyringLeftovers([removed], store: store, context: context)
        return status == .success ? leftovers : status
    }

    /// Says which removed sessions left their tokens in the keyring (it could
    /// not be reached to delete them), with the command that deletes them:
    /// the logout is done, and ends with that warning's code (69), else 0.
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
            context.warn(
                Message(
                    .logoutKeyringLeftovers, ["command": command.map(ShellWord.word).joined(separator: " ")],
                    messages: [
                        "session": ErrorReport.describe(key),
                        "reason": ErrorReport.cliError(for: error).message,
                    ]))
            status = ErrorKey.logoutKeyringLeftovers.exitCode
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
        guard !local, let provider = credential.provider else { return }
        let issuer = provider.issuer
        let revocation =
            if let error = session.secretsError, revokes(credential) {
                // Never sent: what stands in for a token kept in a keyring that could not give it.
                Revocation.failed(
                    issuer: issuer.absoluteString,
                    reason: Message(
                        .revocationKeyringUnreadable,
                        messages: ["reason": ErrorReport.cliError(for: error).message])
                )
            } else if let network, revokes(credential) {
                try waitFor { await network.revoke(credential) }
            } else {
                Revocation.notOffered(by: provider)
            }
        context.report(revocation)
    }
}

// The help of each option above, in English and Japanese.
extension MessageKey {
    static var logoutLocalHelp: MessageKey {
        MessageKey(
            "Remove the session here only; do not revoke the grant at the provider.",
            "このマシンのセッションだけを削除し、プロバイダーでの認可は取り消しません。")
    }
    static var logoutAllHelp: MessageKey {
        MessageKey(
            "End every session.",
            "すべてのセッションを終えます。")
    }
    static var logoutEverywhereHelp: MessageKey {
        MessageKey(
            "After revoking the grant, end your session at the provider too, in the browser (OpenID Connect RP-initiated logout), so the next sign-in asks who you are.",
            "認可を取り消した後、ブラウザーでプロバイダーのセッションも終了します (OpenID Connect の RP-Initiated Logout)。次のサインインでは本人確認が求められます。")
    }
    static var logoutNoBrowserHelp: MessageKey {
        MessageKey(
            "With --everywhere: print the URL to open instead of opening a browser (a loopback URL of this machine that sends the browser on, so the ID token is never shown).",
            "--everywhere と一緒に: ブラウザーを開かずに、開く URL を表示します (このマシンのループバックの URL で、そこからプロバイダーへ進みます。ID トークンは表示されません)。"
        )
    }
}
