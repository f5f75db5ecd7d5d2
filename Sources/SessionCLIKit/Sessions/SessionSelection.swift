package import SessionCore
package import SessionSupport

/// Which session a command works on for this one run: `--server` and
/// `--account`, else `SESSION_CLI_SERVER` and `SESSION_CLI_ACCOUNT`, else
/// the default session. Selecting never changes the default: one shared,
/// mutable "active account" is what two terminals or two agents trip over.
///
/// ```swift
/// let session = try selection.session(in: store, context: context)   // the selected one, or the default
/// ```
package struct SessionSelection: Sendable {
    /// The origin asked for, if any.
    package var server: URL?
    /// The account asked for, if any.
    package var account: String?

    /// The options' help, shared by every command that selects.
    package static let serverOption = OptionSpec(
        "server", value: "URL",
        help: "Use the session on this server (its origin) for this run; the default stays.")
    package static let accountOption = OptionSpec(
        "account", value: "NAME", help: "Use the session of this account for this run; the default stays.")

    /// A selection from the options' values (checked here).
    package init(server: String?, account: String?) throws(CLIError) {
        self.server = try server.map { text throws(CLIError) in try OptionValues.url(text, "--server") }
        self.account = try account.map { text throws(CLIError) in try OptionValues.account(text, "--account")
        }
    }

    /// This selection, with what the options left open taken from the environment.
    ///
    /// - Throws: A usage error for an invalid `SESSION_CLI_SERVER` or `SESSION_CLI_ACCOUNT`.
    package func completed(from environment: Environment) throws(CLIError) -> SessionSelection {
        var selection = self
        if selection.server == nil, let text = environment[.server] {
            selection.server = try OptionValues.url(text, EnvironmentVariable.server.rawValue)
        }
        if selection.account == nil, let text = environment[.account] {
            selection.account = try OptionValues.account(text, EnvironmentVariable.account.rawValue)
        }
        return selection
    }

    /// Whether nothing is selected: the default session, then.
    package var isEmpty: Bool { server == nil && account == nil }

    /// The one session this selection names (the default when it names
    /// none); `nil` when it selects nothing and there is no session at all.
    /// Matches by key, without decoding any session.
    ///
    /// - Throws: Exit 1 when no session matches, naming those there are;
    ///   exit 64 when several do, naming them.
    package func pick(from sessions: SessionSet) throws(CLIError) -> SessionSet.Entry? {
        guard !isEmpty else { return sessions.entry(.defaultSession) }
        let origin = server.map { SessionKey(server: $0, account: nil).origin }
        let listed = sessions.byUse
        let matches = listed.filter { entry in
            (origin.map { $0 == entry.key.origin } ?? true)
                && (account.map { $0 == entry.key.account } ?? true)
        }
        guard matches.count <= 1 else {
            throw .usage(
                "several sessions match \(describe): \(Self.list(matches)); give --account (or SESSION_CLI_ACCOUNT) too"
            )
        }
        guard let match = matches.first else {
            let there = listed.isEmpty ? "there are no sessions" : "the sessions are: \(Self.list(listed))"
            throw CLIError("no session for \(describe); \(there)", code: .failure)
        }
        return match
    }

    /// What was asked for, in words.
    private var describe: String {
        SessionKey(server: server, account: account).description
    }

    /// "alice on https://a.example, https://b.example".
    package static func list(_ sessions: [SessionSet.Entry]) -> String {
        sessions.map(\.key.description).joined(separator: ", ")
    }
}
