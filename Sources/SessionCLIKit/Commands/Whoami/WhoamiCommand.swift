import SessionCore
import SessionSupport

/// `whoami`: who the provider says the session's account is, from its
/// OpenID Connect userinfo endpoint, like `gh api user`. The token is
/// refreshed first when it is due; it goes to the provider only.
package struct WhoamiCommand: Command {
    /// `whoami`'s options: the session, and JSON.
    package enum Option: String, SelectsSession {
        case server
        case account
        case json

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .server, .account: Self.spec(of: self)
            case .json: OptionSpec(rawValue, help: .jsonOptionHelp)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "whoami", summary: .whoamiSummary, options: Option.self, discussion: Message(.whoamiDiscussion),
        examples: [
            "session-cli whoami",
            "session-cli whoami --json | jq -r .email",
        ],
        failures: [words, .session, .store, .storeLock, .keyring, .companion, .network, .signIn])

    let selection: SessionSelection
    let json: Bool

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        selection = try SessionSelection(parsing: arguments)
        json = arguments.has(.json)
    }

    package func run(context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        guard let session = try context.session(selection, in: store) else { throw CLIError(.notLoggedIn) }
        guard let provider = session.credential.provider else {
            throw CLIError(
                .whoamiNoProvider, messages: ["session": ErrorReport.describe(session.key)])
        }
        let network = try context.network()
        let repository = session.repository
        guard let info = try waitFor({ try await network.userInfo(of: repository) }) else {
            throw CLIError(.sessionExpiredForGood)
        }
        if json {
            context.console.out(
                JSONOutput.object([
                    "sub": .string(info.subject), "preferred_username": .string(info.preferredUsername),
                    "name": .string(info.name), "email": .string(info.email),
                    "issuer": .string(provider.issuer.absoluteString),
                ]).text)
            return .success
        }
        let language = context.language
        let unknown = Message(.whoamiNotSaid).text(in: language)
        let rows: [(MessageKey, String)] = [
            (.statusAccount, info.preferredUsername ?? unknown), (.whoamiName, info.name ?? unknown),
            (.whoamiEmail, info.email ?? unknown), (.whoamiSubject, info.subject),
            (.statusProvider, provider.issuer.absoluteString),
        ]
        let labels = rows.map { Message($0.0).text(in: language) }
        let width = labels.map { TextLayout.columns($0) }.max() ?? 0
        for (label, row) in zip(labels, rows) {
            context.console.out(TextLayout.padded(label + ":", to: width + 3) + TerminalText.escaped(row.1))
        }
        return .success
    }
}
