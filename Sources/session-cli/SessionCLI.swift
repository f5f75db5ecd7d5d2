import Dispatch
import SessionCLIKit
import SessionCore

/// Dispatches a command line to its command.
enum SessionCLI {
    static func run(_ arguments: [String]) throws -> ExitCode {
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
            let context = try CommandContext(invocation: invocation)
            return try waitFor { try await LoginCommand.run(invocation, context: context) }
        case "logout":
            let context = try CommandContext(invocation: invocation)
            return try waitFor { try await LogoutCommand.run(context: context) }
        case "status":
            return try StatusCommand.run(invocation, context: CommandContext(invocation: invocation))
        default:
            // CommandSpec.all lists a command this switch does not run.
            throw CLIError("the command '\(command.name)' is not implemented", code: .software)
        }
    }
}

/// Runs an async command to its end from synchronous code.
private func waitFor(_ command: @escaping @Sendable () async throws -> ExitCode) throws -> ExitCode {
    let outcome = Locked<Result<ExitCode, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let result: Result<ExitCode, any Error>
        do { result = .success(try await command()) } catch { result = .failure(error) }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.withLock { $0 }?.get() ?? .software
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
