import SessionCore
import SessionSupport

/// `git-credential get|store|erase`: git's credential helper, answering
/// with the session whose server is the origin git asks for.
package struct GitCredentialCommand: Command {
    /// `git-credential`'s options.
    package enum Option: String, SelectsSession {
        case server
        case account

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .server, .account: Self.spec(of: self)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "git-credential", summary: .gitCredentialSummary, options: Option.self,
        argument: "get|store|erase", argumentChoices: ["get", "store", "erase"],
        discussion: Message(.gitCredentialDiscussion),
        examples: [
            "session-cli setup-git",
            "printf 'protocol=https\\nhost=git.example.com\\n\\n' |",
            "    session-cli git-credential get",
        ],
        failures: [words, .session, .store, .storeLock, .keyring, .input, .companion, .network, .signIn])

    /// What git asks of a helper; any other word is an action of a later
    /// git, which a helper ignores (git-credential(1)).
    enum Action: String {
        case get, store, erase, capability
    }

    /// `nil` for an action this helper does not know.
    let action: Action?
    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        guard let word = arguments.arguments.first else { throw CLIError(.gitCredentialNeedsAction) }
        action = Action(rawValue: word)
        selection = try SessionSelection(parsing: arguments)
    }

    package func run(context: CommandContext) throws -> ExitCode {
        guard let action else {
            // git's rule: a helper silently ignores an action it does not know.
            return .success
        }
        switch action {
        case .capability:
            // git 2.46's question of which capabilities a helper has.
            context.console.out("version 0\ncapability authtype")
            return .success
        case .store, .erase:
            // Read (and so checked), and nothing else: the session is not git's to end.
            _ = try GitCredentialInput.read(from: context.input)
            return .success
        case .get:
            let request = try GitCredentialInput.read(from: context.input)
            guard let answer = try answer(request, context: context) else { return .success }
            context.console.out(forProgram: answer)
            return .success
        }
    }

    /// What `get` prints, or `nil` to print nothing.
    private func answer(_ request: GitCredentialInput, context: CommandContext) throws -> String? {
        guard let scheme = request.protocolName?.lowercased(), let host = request.host?.lowercased(),
            !host.isEmpty, let url = URL(string: scheme + "://" + host), url.host != nil,
            SecretDestination.permits(url)
        else { return nil }
        let origin = SessionKey(server: url, account: nil).origin
        let store = try context.store()
        let sessions = try store.readSessions()
        let selection = try self.selection.completed(from: context.environment)
        let entry: SessionSet.Entry?
        if selection.isEmpty {
            entry = Self.session(at: origin, for: request.username, in: sessions)
        } else {
            // A selection answers for its own session's git origins only.
            entry = try selection.pick(from: sessions).flatMap { Self.serves($0, origin) ? $0 : nil }
        }
        guard let entry else { return nil }
        let stored = try entry.credential()
        // git sends what it is given as a password or a Bearer token: a bound token is useless to it.
        if stored.dpopThumbprint != nil {
            throw CLIError(.helperRefusesBoundToken, ["tool": "git"])
        }
        // Made usable as `token` does: refreshed under the store's lock, once across processes.
        let credential: Credential
        switch try context.usable(stored, repository: store.repository(for: entry.key)) {
        case .usable(let usable): credential = usable
        case .expired:
            context.warn(Message(.gitSessionExpired, messages: ["session": ErrorReport.describe(entry.key)]))
            return nil
        case .gone: return nil
        }
        var lines: [String]
        if request.capabilities.contains("authtype") {
            lines = ["capability[]=authtype", "authtype=Bearer", "credential=" + credential.token.value]
        } else {
            // GitLab takes an OAuth token only as the password of `oauth2`.
            let account = credential.account.flatMap { $0.contains(where: \.isNewline) ? nil : $0 }
            let username = credential.provider?.profile?.gitUsername ?? account ?? "x-access-token"
            lines = ["username=" + username, "password=" + credential.token.value]
        }
        if let expiresAt = credential.expiresAt {
            lines.append("password_expiry_utc=\(Int(expiresAt.timeIntervalSince1970))")
        }
        return lines.joined(separator: "\n")
    }

    /// The session for `origin`: git's username's, else the default, else the most recently used.
    static func session(at origin: String?, for username: String?, in sessions: SessionSet) -> SessionSet
        .Entry?
    {
        var matches = sessions.byUse.filter { serves($0, origin) }
        if let username { matches = matches.filter { $0.key.account == username } }
        return matches.first
    }

    /// Whether `entry`'s token serves git at `origin`: its server's, or one
    /// its provider's git lives at (GitHub's token is for `api.github.com`
    /// and for git at `github.com`, and for no other host).
    static func serves(_ entry: SessionSet.Entry, _ origin: String?) -> Bool {
        entry.key.origin == origin || origin != nil && entry.gitOrigins.contains(origin ?? "")
    }
}
