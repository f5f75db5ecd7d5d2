import SessionCLIKit

/// Dispatches the command lines session-cli hands over: the ones that need
/// networking. Parsed with the same table as session-cli.
enum NetworkCommands {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        switch try CommandTable.parse(arguments) {
        case .help(let spec):
            Console.out(HelpText.help(for: spec))
            return .success
        case .run(.api(let api), let globals):
            return try await api.send(context: CommandContext(globals: globals))
        default:
            throw CLIError(
                "session-cli-api runs only the api command; use session-cli for the others", code: .usage)
        }
    }
}
