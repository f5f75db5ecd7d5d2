import SessionCLIKit
import SessionNetworking

/// Dispatches the command lines session-cli hands over: the ones that need
/// networking. Parsed with the same table as session-cli.
enum NetworkCommands {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        do {
            return try await dispatch(arguments)
        } catch let error where !(error is CLIError) {
            throw NetworkErrorReport.cliError(for: error)
        }
    }

    private static func dispatch(_ arguments: [String]) async throws -> ExitCode {
        switch try CommandTable.parse(arguments) {
        case .help(let spec):
            Console.out(HelpText.help(for: spec))
            return .success
        case .run(.api(let api), let globals):
            return try await api.send(context: CommandContext(globals: globals))
        case .run(.token(let token), let globals):
            return try await token.refreshAndPrint(context: CommandContext(globals: globals))
        case .run(.logout(let logout), let globals):
            return try await logout.revokeAndRemove(context: CommandContext(globals: globals))
        case .run(.login(let login), let globals) where login.signsIn:
            return try await login.signIn(
                context: CommandContext(globals: globals), environment: Environment.current())
        default:
            throw CLIError(
                "session-cli-api runs only the commands that need networking (api, token, logout, "
                    + "login --device, login --web); use session-cli for the others", code: .usage)
        }
    }
}
