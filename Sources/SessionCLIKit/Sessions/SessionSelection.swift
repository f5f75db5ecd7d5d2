package import SessionCore
package import SessionSupport
import SessionSystem

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

    /// The options, shared by every command that selects.
    package static let serverOption = OptionSpec(
        "server", value: "URL", environment: .server, completion: .server,
        help: .selectionServerHelp)
    package static let accountOption = OptionSpec(
        "account", value: "NAME", environment: .account, completion: .account,
        help: .selectionAccountHelp)

    /// A selection of values already checked.
    package init(server: URL?, account: String?) {
        self.server = server
        self.account = account
    }

    /// The selection a command's `--server` and `--account` (or their
    /// variables, completed at run time) make.
    package init<Option: SelectsSession>(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        try self.init(server: arguments.value(.server), account: arguments.value(.account))
    }

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
        if selection.server == nil, let variable = Self.serverOption.environment,
            let text = environment[variable]
        {
            selection.server = try OptionValues.url(text, variable.rawValue)
        }
        if selection.account == nil, let variable = Self.accountOption.environment,
            let text = environment[variable]
        {
            selection.account = try OptionValues.account(text, variable.rawValue)
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
    ///   exit 64 when several do, naming them and the option that tells them apart.
    package func pick(from sessions: SessionSet) throws(CLIError) -> SessionSet.Entry? {
        guard !isEmpty else { return sessions.entry(.defaultSession) }
        let listed = sessions.byUse
        let matches = listed.filter(matches)
        guard matches.count <= 1 else { throw ambiguity(matches) }
        guard let match = matches.first else { throw notFound(among: listed) }
        return match
    }

    /// Whether `entry` is a session this selection names.
    package func matches(_ entry: SessionSet.Entry) -> Bool {
        (origin.map { $0 == entry.key.origin } ?? true) && (account.map { $0 == entry.key.account } ?? true)
    }

    private var origin: String? { server.map { SessionKey(server: $0, account: nil).origin } ?? nil }

    /// Several sessions match: ask for the option that is missing, and name
    /// what it could be.
    private func ambiguity(_ matches: [SessionSet.Entry]) -> CLIError {
        if let account, server == nil {
            let servers = matches.map {
                $0.key.origin.map { Message(.verbatim, ["text": $0]) } ?? Message(.noServer)
            }
            return CLIError(
                .ambiguousAccount, ["account": account], messages: ["servers": .list(servers)])
        }
        if let origin, account == nil {
            let accounts = matches.map {
                $0.key.account.map { Message(.verbatim, ["text": $0]) } ?? Message(.noAccount)
            }
            return CLIError(
                .ambiguousServer, ["server": origin], messages: ["accounts": .list(accounts)])
        }
        return CLIError(
            .ambiguousSelection, messages: ["sessions": ErrorReport.describe(matches.map(\.key))])
    }

    /// Nothing matches: say what there is, as close to what was asked as the store has.
    private func notFound(among listed: [SessionSet.Entry]) -> CLIError {
        let asked = ErrorReport.describeAsked(server: origin, account: account)
        guard !listed.isEmpty else {
            return CLIError(.noSessionNoneAtAll, messages: ["asked": asked])
        }
        if let origin, account != nil {
            let there = listed.filter { $0.key.origin == origin }
            if !there.isEmpty {
                let accounts = there.map {
                    $0.key.account.map { Message(.verbatim, ["text": $0]) } ?? Message(.noAccount)
                }
                return CLIError(
                    .noSessionOtherAccounts, ["server": origin],
                    messages: ["asked": asked, "accounts": .list(accounts)])
            }
        }
        if let account, origin != nil {
            let elsewhere = listed.filter { $0.key.account == account }
            if !elsewhere.isEmpty {
                let servers = elsewhere.map {
                    $0.key.origin.map { Message(.verbatim, ["text": $0]) } ?? Message(.noServer)
                }
                return CLIError(
                    .noSessionOtherServers, ["account": account],
                    messages: ["asked": asked, "servers": .list(servers)])
            }
        }
        return CLIError(
            .noSessionForSelection,
            messages: ["asked": asked, "sessions": ErrorReport.describe(listed.map(\.key))])
    }

    /// The options that tell `sessions` apart: `--server` when their servers
    /// differ, `--account` when their accounts do, else both.
    package static func distinguishing(_ sessions: [SessionSet.Entry]) -> Message {
        let servers = Set(sessions.map(\.key.origin))
        let accounts = Set(sessions.map(\.key.account))
        if servers.count == sessions.count { return Message(.chooseWithServer) }
        if accounts.count == sessions.count { return Message(.chooseWithAccount) }
        return Message(.chooseWithBoth)
    }
}

/// The options of a command that works on one session: `--server` and
/// `--account`, each with its variable (`SESSION_CLI_SERVER`,
/// `SESSION_CLI_ACCOUNT`), as one group. A command's option enum has the two
/// cases, takes their specs from ``spec(of:)`` and its selection from
/// ``SessionSelection/init(parsing:)``; the names, variables, completion and
/// help are said once, in ``SessionSelection``.
package protocol SelectsSession: CommandOption {
    static var server: Self { get }
    static var account: Self { get }
}

extension SelectsSession {
    /// The group's spec of `option`, which is ``server`` or ``account``.
    package static func spec(of option: Self) -> OptionSpec {
        option == .server ? SessionSelection.serverOption : SessionSelection.accountOption
    }
}

// The help of the two options above, in English and Japanese.
extension MessageKey {
    static var selectionServerHelp: MessageKey {
        MessageKey(
            "Use the session on this server (its origin) for this run; the default stays.",
            "この実行ではこのサーバー (のオリジン) のセッションを使います。デフォルトは変わりません。")
    }
    static var selectionAccountHelp: MessageKey {
        MessageKey(
            "Use the session of this account for this run; the default stays.",
            "この実行ではこのアカウントのセッションを使います。デフォルトは変わりません。")
    }
}
