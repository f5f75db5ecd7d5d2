import SessionCore
import SessionSupport

/// `login --with-token` (or, on a terminal, `login` alone): the session is a
/// token the person has, read from standard input or typed at a prompt with
/// echo off. It is never an argument: other users can read arguments with ps.
struct TokenLogin {
    /// `--with-token`: standard input; else a prompt on the terminal.
    let readsStandardInput: Bool
    let account: String?
    let server: URL?
    let lifetime: TimeInterval?
    let secrets: SecretsLocation?
    /// The CA file and client certificate for the server.
    var connection = ConnectionSettings()

    func run(context: CommandContext) throws -> ExitCode {
        guard readsStandardInput || context.input.isTerminal else { throw CLIError(.loginNoToken) }
        let store = try context.store()
        // A session file that cannot be read is reported, not silently replaced.
        let sessions = try store.readSessions()
        let location = try LoginCommand.secretsLocation(secrets, context)
        // The grant this login will replace is revoked: the network, if it
        // takes one, before the token is read.
        let key = SessionKey(server: server, account: account)
        var network: (any Network)?
        if (try? sessions.entry(.key(key))?.credential())??.provider?.revocationEndpoint != nil {
            network = try context.network()
        }
        var provider = TokenInput(
            source: readsStandardInput && !context.input.isTerminal ? .standardInput : .prompt,
            account: account, server: server, lifetime: lifetime, input: context.input, context: context)
        provider.connection = connection
        return try LoginFinish(store: store, secrets: location, network: network, context: context)
            .run(provider, signedIn: false)
    }
}
