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

    static let notLoggedIn = CLIError(.notLoggedIn, code: .failure)
    static let expired = CLIError(.sessionExpiredForGood, code: .failure)
}
