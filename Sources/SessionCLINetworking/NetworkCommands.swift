package import SessionCLIKit

/// The networking half of a command: what `session-cli-api` runs when the
/// command's ``Command/needsNetworking(context:)`` says so. Each command's
/// half is beside it in `Commands/`, in a file named after the command.
package protocol NetworkCommand: Command {
    /// Runs the command, networking included.
    func runWithNetworking(context: CommandContext) async throws -> ExitCode
}

/// What `session-cli-api` adds to ``ToolEntry``: it runs a command's
/// networking half, and turns what the networking library throws into the
/// tool's one-line errors and exit codes.
package enum NetworkCommands {
    /// Runs `command`'s networking half.
    package static let run: ToolEntry.Networking = { command, context in
        guard let command = command as? any NetworkCommand else {
            throw CLIError("this command has no networking half", code: .software)
        }
        do {
            return try await command.runWithNetworking(context: context)
        } catch let error where !(error is CLIError) {
            throw NetworkErrorReport.cliError(for: error)
        }
    }
}
