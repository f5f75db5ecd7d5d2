import Dispatch
import SessionSupport

/// The one entry of both executables: parse the command line, run the
/// command it names, exit with its status.
///
/// `session-cli` passes no networking: a command that needs it is handed
/// to `session-cli-api` (``CompanionLauncher``). `session-cli-api` passes
/// the networking half of the commands (`SessionCLINetworking`).
///
/// The top level is synchronous: `status` and `help` never start the
/// concurrency runtime, which would cost start-up time they do not need.
/// SIGPIPE is ignored so that a closed pipe is a write error the tool
/// reports (exit 74), the same as a full disk, rather than a silent death.
/// SIGINT, SIGTERM and SIGHUP are unblocked: a parent may start the tool
/// with them blocked (the mask survives exec), and then Ctrl-C would not end
/// a login that waits for the browser.
package enum ToolEntry {
    /// Runs a command that needs networking: what the companion adds.
    package typealias Networking = @Sendable (any Command, CommandContext) async throws -> ExitCode

    /// Runs the command line of this process and exits.
    package static func main(networking: Networking?) -> Never {
        signal(SIGPIPE, SIG_IGN)
        var endings = sigset_t()
        sigemptyset(&endings)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&endings, number) }
        pthread_sigmask(SIG_UNBLOCK, &endings, nil)
        let status: ExitCode
        do {
            status = try run(Array(CommandLine.arguments.dropFirst()), networking: networking)
        } catch {
            status = ErrorReport.report(error)
        }
        exit(ErrorReport.finish(status).rawValue)
    }

    /// Runs one command line.
    static func run(_ arguments: [String], networking: Networking?) throws -> ExitCode {
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
            let context = try CommandContext(globals: globals)
            try command.check(context: context)
            guard try command.needsNetworking(context: context) else {
                return try command.run(context: context)
            }
            guard let networking else { return try CompanionLauncher.run(arguments) }
            return try waitFor { try await networking(command, context) }
        }
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
        throw CLIError("the command did not finish", code: .software)
    }
    return try result.get()
}
