package import SessionCore
import SessionSupport

/// `token`: the access token on standard output, for scripts
/// (`curl -H "Authorization: Bearer $(session-cli token)"`), like `gh auth token`.
///
/// A fresh token is printed from the store with no networking code loaded;
/// only a token that is due goes to `session-cli-api` to be refreshed.
package struct TokenCommand: Command {
    package typealias Option = NoOption

    package static let spec = CommandSpec(
        name: "token", summary: "Print the access token, refreshed first when needed (for scripts).",
        options: Option.self,
        discussion: """
            The token and a newline go to standard output; nothing else does. A token that expires within
            60 s (or half its lifetime, when that is shorter) is refreshed first, under the store's lock,
            so many processes refresh once.
            SESSION_CLI_TOKEN, when set, is printed instead of the stored session's token.

            Example:
              curl -H "Authorization: Bearer $(session-cli token)" https://api.example.com/user
            """)

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {}

    /// What the store says: a token to print, or one to refresh first.
    enum Plan {
        /// Print this token: fresh, or from `SESSION_CLI_TOKEN`.
        case print(AuthToken)
        /// The token is due and the session can refresh it: networking needed.
        case refresh
    }

    /// Decides from the store alone (one read, no network), by the
    /// credential's own rules (``Credential/isDue(at:maximumMargin:)``).
    ///
    /// - Throws: Exit 1 when not logged in or expired for good.
    func plan(context: CommandContext) throws -> Plan {
        if let token = try context.overrideAuthToken() { return .print(token) }
        guard let credential = try context.store.load().credential else {
            throw CLIError("not logged in; run 'session-cli login'", code: .failure)
        }
        let now = Date()
        if credential.isDue(at: now) && credential.canRefresh { return .refresh }
        guard credential.isUsable(at: now) else {
            throw CLIError(
                "the session has expired and cannot be refreshed; run 'session-cli login'", code: .failure)
        }
        return .print(credential.token)
    }

    /// A token that is due, of a session that can refresh it: networking.
    package func needsNetworking(context: CommandContext) throws -> Bool {
        if case .refresh = try plan(context: context) { return true }
        return false
    }

    /// Prints the stored token; one that became due meanwhile is still
    /// printed while it works.
    package func run(context: CommandContext) throws -> ExitCode {
        switch try plan(context: context) {
        case .print(let token): return Self.output(token)
        case .refresh:
            guard let credential = try context.store.load().credential, !credential.isExpired(at: Date())
            else {
                throw CLIError("the token has expired and is refreshed by session-cli-api", code: .software)
            }
            return Self.output(credential.token)
        }
    }

    /// Prints `token` and a newline: the only output of the command.
    package static func output(_ token: AuthToken) -> ExitCode {
        Console.out(token.value)
        return .success
    }
}
