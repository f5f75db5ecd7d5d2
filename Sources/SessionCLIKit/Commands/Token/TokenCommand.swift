import SessionCore
import SessionSupport

/// `token`: the access token on standard output, for scripts
/// (`curl -H "Authorization: Bearer $(session-cli token)"`), like `gh auth token`.
///
/// A fresh token is printed from the store with one read and no networking
/// code loaded; only a token that is due asks for the network, to be
/// refreshed first.
package struct TokenCommand: Command {
    /// `token`'s options: the session.
    package enum Option: String, CommandOption {
        case server
        case account

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .server: SessionSelection.serverOption
            case .account: SessionSelection.accountOption
            }
        }
    }

    package static let spec = CommandSpec(
        name: "token", summary: "Print the access token, refreshed first when needed (for scripts).",
        options: Option.self,
        discussion: """
            The token and a newline go to standard output; nothing else does. A token that expires within
            \(Int(SessionLimits.refreshMargin)) s (or half its lifetime, when that is shorter) is refreshed first, under the store's lock,
            so many processes refresh once.
            SESSION_CLI_TOKEN, when set, is printed instead of the stored session's token.
            The session is the default one, or the one --server and --account (or SESSION_CLI_SERVER and
            SESSION_CLI_ACCOUNT) select for this run.

            Example:
              curl -H "Authorization: Bearer $(session-cli token)" https://api.example.com/user
            """)

    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        selection = try SessionSelection(server: arguments.value(.server), account: arguments.value(.account))
    }

    package func run(context: CommandContext) throws -> ExitCode {
        if let token = try context.overrideToken() {
            context.console.out(secret: token)
            return .success
        }
        let store = try context.store()
        guard let session = try context.session(selection, in: store) else { throw Self.notLoggedIn }
        let credential = session.credential
        let now = context.now()
        guard credential.isDue(at: now) && credential.canRefresh else {
            guard credential.isUsable(at: now) else { throw Self.expired }
            guard let stored = try session.credentialWithSecrets() else { throw Self.notLoggedIn }
            context.console.out(secret: stored.token)
            return .success
        }
        let network = try context.network()
        let repository = session.repository
        guard let fresh = try waitFor({ try await network.currentCredential(of: repository) }) else {
            throw Self.notLoggedIn
        }
        context.console.out(secret: fresh.token)
        return .success
    }

    static let notLoggedIn = CLIError("not logged in; run 'session-cli login'", code: .failure)
    static let expired = CLIError(
        "the session has expired and cannot be refreshed; run 'session-cli login'", code: .failure)
}
