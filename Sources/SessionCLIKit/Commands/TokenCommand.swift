import Foundation
package import SessionCore

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
            60 s is refreshed first (under the store's lock, so many processes refresh once).
            SESSION_CLI_TOKEN, when set, is printed instead of the stored session's token.

            Example:
              curl -H "Authorization: Bearer $(session-cli token)" https://api.example.com/user
            """)

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {}

    /// What the fast path found.
    package enum Plan: Sendable {
        /// Print this token: fresh, or from `SESSION_CLI_TOKEN`.
        case print(AuthToken)
        /// The token is due and the session can refresh it: networking needed.
        case refresh
    }

    /// Decides from the store alone (one read, no network).
    ///
    /// - Throws: Exit 1 when not logged in or expired for good.
    package func plan(context: CommandContext) throws -> Plan {
        if let token = try context.overrideAuthToken() { return .print(token) }
        guard let credential = try context.store.load().credential else {
            throw CLIError("not logged in; run 'session-cli login'", code: .failure)
        }
        let now = Date()
        if credential.isDue(at: now) && credential.canRefresh { return .refresh }
        guard !credential.isExpired(at: now) else {
            throw CLIError(
                "the session has expired and cannot be refreshed; run 'session-cli login'", code: .failure)
        }
        return .print(credential.token)
    }

    /// Prints `token` and a newline: the only output of the command.
    package static func output(_ token: AuthToken) -> ExitCode {
        Console.out(token.value)
        return .success
    }
}
