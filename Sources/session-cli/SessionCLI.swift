import SessionCLIKit

/// Dispatches a command line to its command.
enum SessionCLI {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let invocation = try ArgumentParser.parse(arguments)
        if invocation.wantsVersion {
            Console.out("session-cli \(sessionCLIVersion)")
            return .success
        }
        guard let command = invocation.command else {
            Console.out(HelpText.overview)
            return .success
        }
        if invocation.wantsHelp {
            Console.out(HelpText.help(for: command))
            return .success
        }
        switch command.name {
        case "help":
            return try HelpCommand.run(invocation)
        case "api":
            return try APICommand.forward(arguments)
        case "login":
            return try await LoginCommand.run(invocation, context: CommandContext(invocation: invocation))
        case "logout":
            return try await LogoutCommand.run(context: CommandContext(invocation: invocation))
        default:
            return try StatusCommand.run(invocation, context: CommandContext(invocation: invocation))
        }
    }
}

enum HelpCommand {
    static func run(_ invocation: Invocation) throws(CLIError) -> ExitCode {
        guard let name = invocation.arguments.first else {
            Console.out(HelpText.overview)
            return .success
        }
        guard let command = CommandSpec.named(name) else {
            throw CLIError(
                "no help for an unknown command; commands: login, logout, status, api, help", code: .usage)
        }
        Console.out(HelpText.help(for: command))
        return .success
    }
}
