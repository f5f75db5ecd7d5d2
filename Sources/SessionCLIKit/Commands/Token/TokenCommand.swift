import SessionCore
import SessionSupport

/// `token`: the access token on standard output, for scripts
/// (`curl -H "Authorization: Bearer $(session-cli token)"`), like `gh auth token`.
///
/// A fresh token is printed from the store with one read and no networking
/// code loaded; only a token that is due asks for the network, to be
/// refreshed first.
package struct TokenCommand: Command {
    package typealias Option = NoOption

    package static let spec = CommandSpec(
        name: "token", summary: "Print the access token, refreshed first when needed (for scripts).",
        options: Option.self,
        discussion: """
            The token and a newline go to standard output; nothing else does. A token that expires within
            \(Int(SessionLimits.refreshMargin)) s (or half its lifetime, when that is shorter) is refreshed first, under the store's lock,
            so many processes refresh once.
            SESSION_CLI_TOKEN, when set, is printed instead of the stored session's token.

            Example:
              curl -H "Authorization: Bearer $(session-cli token)" https://api.example.com/user
            """)

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {}

    package func run(context: CommandContext) throws -> ExitCode {
        if let token = try context.overrideToken() {
            context.console.out(secret: token)
            return .success
        }
        let store = try context.store()
        guard let credential = try store.load().credential else { throw Self.notLoggedIn }
        let now = context.now()
        guard credential.isDue(at: now) && credential.canRefresh else {
            guard credential.isUsable(at: now) else { throw Self.expired }
            context.console.out(secret: credential.token)
            return .success
        }
        let network = try context.network()
        guard let fresh = try waitFor({ try await network.currentCredential(of: store) }) else {
            throw Self.notLoggedIn
        }
        context.console.out(secret: fresh.token)
        return .success
    }

    static let notLoggedIn = CLIError("not logged in; run 'session-cli login'", code: .failure)
    static let expired = CLIError(
        "the session has expired and cannot be refreshed; run 'session-cli login'", code: .failure)
}
