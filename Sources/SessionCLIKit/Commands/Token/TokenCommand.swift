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
    package enum Option: String, SelectsSession {
        case server
        case account

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .server, .account: Self.spec(of: self)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "token", summary: .tokenSummary, options: Option.self,
        discussion: Message(.tokenDiscussion, ["margin": String(Int(SessionLimits.refreshMargin))]),
        examples: [
            "curl -H \"Authorization: Bearer $(session-cli token)\" \\",
            "    https://api.example.com/user",
            "session-cli token --server https://staging.example.com",
        ],
        exitCodes: [
            .success, .failure, .usage, .badData, .unavailable, .software, .ioError, .busy, .badProtocol,
            .noPermission, .interrupted,
        ])

    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        selection = try SessionSelection(parsing: arguments)
    }

    package func run(context: CommandContext) throws -> ExitCode {
        if let token = try context.overrideToken() {
            context.console.out(secret: token)
            return .success
        }
        let store = try context.store()
        guard let session = try context.session(selection, in: store) else { throw Self.notLoggedIn }
        // A token bound to a key is refused alone: printing it would only invite a Bearer header.
        if session.credential.dpopThumbprint != nil { throw CLIError(.tokenBoundToKey, code: .usage) }
        switch try context.usable(session.credential, repository: session.repository) {
        case .usable(let credential):
            context.console.out(secret: credential.token)
            return .success
        case .expired: throw Self.expired
        case .gone: throw Self.notLoggedIn
        }
    }

    static let notLoggedIn = CLIError(.notLoggedIn, code: .failure)
    static let expired = CLIError(.sessionExpiredForGood, code: .failure)
}
