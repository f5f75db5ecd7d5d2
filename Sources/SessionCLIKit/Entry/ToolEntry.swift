import Dispatch
package import SessionSupport
import SessionSystem

/// The one entry of both executables: parse the command line, run the
/// command it names, exit with its status.
///
/// `session-cli` has no networking: a command that asks for it is handed to
/// `session-cli-api` (``CommandContext/network()``). `session-cli-api`
/// passes the networking service (`SessionCLINetworking`).
///
/// The top level is synchronous: `status` and `help` never start the
/// concurrency runtime, which would cost start-up time they do not need.
/// The signal dispositions every run starts with are set in one place,
/// ``Signals``.
package enum ToolEntry {
    /// Runs the command line of this process and exits.
    package static func main(network: CommandContext.NetworkAccess) -> Never {
        Signals.prepareProcess()
        let status = run(
            Array(CommandLine.arguments.dropFirst()), environment: .current(), console: .standard(),
            input: .standard(), network: network, now: { Date() })
        Executable.exit(status.rawValue)
    }

    /// Runs one command line and returns its exit status: what `main` does,
    /// and what a test does in-process with a capturing console.
    package static func run(
        _ arguments: [String], environment: Environment, console: Console, input: StandardInput,
        network: CommandContext.NetworkAccess, now: @escaping @Sendable () -> Date
    ) -> ExitCode {
        var language = Language(beforeParsing: arguments, environment: environment)
        let status: ExitCode
        do {
            switch try CommandTable.parse(arguments) {
            case .version:
                console.out("session-cli \(sessionVersion)")
                status = .success
            case .help(let spec):
                let help = HelpText(language: language, width: width(environment, console))
                console.out(spec.map(help.help(for:)) ?? help.overview)
                status = .success
            case .run(let command, let globals):
                let context = try CommandContext(
                    arguments: arguments, globals: globals, environment: environment, console: console,
                    input: input, network: network, now: now)
                language = context.language
                status = try command.run(context: context)
            }
        } catch {
            status = ErrorReport.report(error, to: console, in: language)
        }
        return ErrorReport.finish(status, console: console, in: language)
    }

    /// The width help is laid out for: `COLUMNS`, else the terminal's, else 80.
    static func width(_ environment: Environment, _ console: Console) -> Int {
        environment[.columns].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            ?? console.terminalColumns() ?? 80
    }
}

/// Runs an async operation to its end from synchronous code: only the
/// commands that need the concurrency runtime start it.
package func waitFor<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) throws
    -> Result
{
    let outcome = Locked<Swift.Result<Result, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let result: Swift.Result<Result, any Error>
        do { result = .success(try await operation()) } catch { result = .failure(error) }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    guard let result = outcome.withLock({ $0 }) else {
        throw CLIError(.commandDidNotFinish)
    }
    return try result.get()
}
