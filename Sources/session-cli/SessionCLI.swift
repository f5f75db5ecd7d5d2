import Dispatch
import SessionCLIKit
import SessionCore

/// Runs one command line: parse it, then run the command it names.
enum SessionCLI {
    static func run(_ arguments: [String]) throws -> ExitCode {
        switch try CommandTable.parse(arguments) {
        case .version:
            Console.out("session-cli \(sessionCLIVersion)")
            return .success
        case .overview:
            Console.out(HelpText.overview)
            return .success
        case .help(let spec):
            Console.out(HelpText.help(for: spec))
            return .success
        case .run(let command, let globals):
            switch command {
            case .help(let help):
                return help.run()
            case .api:
                return try CompanionLauncher.run(arguments)
            case .status(let status):
                return try status.run(context: CommandContext(globals: globals))
            case .login(let login) where login.signsIn:
                return try CompanionLauncher.run(arguments)
            case .login(let login):
                let context = try CommandContext(globals: globals)
                return try waitFor { try await login.run(context: context) }
            case .logout(let logout):
                let context = try CommandContext(globals: globals)
                try context.refuseWhileOverridden("log out")
                if logout.revokes(context: context) { return try CompanionLauncher.run(arguments) }
                return try waitFor { try await logout.run(context: context) }
            case .token(let token):
                // A fresh token is printed from here; only a refresh loads networking.
                switch try token.plan(context: CommandContext(globals: globals)) {
                case .print(let value): return TokenCommand.output(value)
                case .refresh: return try CompanionLauncher.run(arguments)
                }
            }
        }
    }
}

/// Runs an async command to its end from synchronous code.
///
/// The top level stays synchronous so that `status` and `help` never start
/// the concurrency runtime; only the commands that need it pay for it.
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
