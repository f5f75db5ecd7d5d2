import Foundation
import SessionCLIKit
import SessionCLINetworking
import SessionCore
import SessionSystem
import SessionTestSupport
import Testing

/// The tool run in this process, the way both executables run it
/// (``ToolEntry/run(_:environment:console:input:network:now:)``): a command
/// line against a store in a temporary HOME, standard input from bytes,
/// output kept. The network is the real service (`session-cli-api`'s) unless
/// a test gives a stub.
struct Tool {
    let home: TemporaryDirectory
    var variables: [EnvironmentVariable: String]
    /// The network commands get; `nil` for none (a command that asks fails with 70).
    var network: (any Network)?
    var now: @Sendable () -> Date = { Date() }

    init(home: TemporaryDirectory = TemporaryDirectory(), network: (any Network)? = NetworkService()) {
        self.home = home
        self.network = network
        variables = [.home: home.path]
    }

    /// The session file the tool uses by default in this HOME.
    var defaultStore: URL { home.file(".local/state/session-cli/session.json") }
    /// That file as a store.
    var store: FileLoginStateStore { FileLoginStateStore(fileURL: defaultStore) }

    /// Runs `arguments`; `stdin` is standard input, `terminal` says which of
    /// standard input and output are terminals.
    @discardableResult
    func run(
        _ arguments: [String], stdin: String = "", environment: [EnvironmentVariable: String] = [:],
        inputIsTerminal: Bool = false, outputIsTerminal: Bool = false
    ) async -> ToolResult {
        await runBytes(
            arguments, stdin: Array(stdin.utf8), environment: environment, inputIsTerminal: inputIsTerminal,
            outputIsTerminal: outputIsTerminal)
    }

    /// ``run(_:stdin:environment:inputIsTerminal:outputIsTerminal:)`` with any bytes on standard input.
    @discardableResult
    func runBytes(
        _ arguments: [String], stdin: [UInt8], environment: [EnvironmentVariable: String] = [:],
        inputIsTerminal: Bool = false, outputIsTerminal: Bool = false
    ) async -> ToolResult {
        let console = Console.capturing(outputIsTerminal: outputIsTerminal)
        let input = StandardInput.bytes(stdin, isTerminal: inputIsTerminal)
        let variables = variables.merging(environment) { $1 }
        let (network, now) = (network, now)
        // ToolEntry blocks its thread while an async command runs: never a thread of the concurrency pool.
        let status =
            (try? await offThePool {
                ToolEntry.run(
                    arguments, environment: Environment(variables), console: console, input: input,
                    network: network.map { .inProcess($0) } ?? .none, now: now)
            }) ?? .software
        // Every status a command ends with is one its help names.
        if case .run(let command, _)? = try? CommandTable.parse(arguments) {
            let spec = type(of: command).spec
            #expect(
                spec.exitCodes.contains(status),
                "\(spec.name) ended with \(status.rawValue), which its help does not name")
        }
        return ToolResult(
            status: status.rawValue, stdout: console.capturedOutput, stderr: console.capturedErrors)
    }
}

/// What a command run in this process printed and how it ended.
struct ToolResult {
    let status: Int32
    let stdout: String
    let stderr: String
    var output: String { stdout + stderr }
}
