import SessionSystem

/// Hands a command that needs networking to `session-cli-api`, the companion
/// executable, by replacing this process with it.
///
/// Networking links FoundationNetworking (libcurl and some 30 libraries,
/// ~5 ms at every start), and `status`, `switch`, `token` with a fresh token,
/// `login --with-token` (unless it replaces a session whose grant it
/// revokes) and `logout --local` must not pay for it. The companion
/// runs the same command line from its start, so a command asks for the
/// network (``CommandContext/network()``) before it changes anything or
/// prints anything; what it has read of its standard input by then is
/// handed over too, ahead of the rest.
///
/// The companion receives the session's token, so only the one installed
/// beside this executable is run, never one found on `PATH` (git's
/// exec-path rule): a `session-cli-api` planted earlier on `PATH` would
/// otherwise be handed the token.
enum CompanionLauncher {
    static let companionName = "session-cli-api"

    /// Replaces this process with the companion, passing the whole command
    /// line, and as its standard input `consumed` followed by what is left.
    static func run(_ arguments: [String], replaying consumed: [UInt8]) throws(CLIError) -> Never {
        guard let folder = Executable.folder() else {
            throw CLIError(.companionFolderUnknown)
        }
        let companion = folder + "/" + companionName
        guard Executable.isRunnable(companion) else {
            throw CLIError(.companionMissing, ["folder": folder])
        }
        if !consumed.isEmpty {
            // A command reads its input to its end before it asks for the network, so nothing follows.
            do {
                try Executable.replaceStandardInput(with: consumed)
            } catch {
                throw CLIError(.companionInputLost, ["reason": error.reason])
            }
        }
        let reason = Executable.replaceProcess(with: companion, arguments: arguments)
        throw CLIError(.companionCannotRun, ["path": companion, "reason": reason])
    }
}
