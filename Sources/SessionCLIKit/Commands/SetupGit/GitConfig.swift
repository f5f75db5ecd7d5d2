import SessionCore
import SessionSupport
import SessionSystem

/// `git config --global …`, with git found on `PATH` as a shell finds it,
/// run with this process's environment (so `HOME` and `GIT_CONFIG_GLOBAL`
/// say which file), and its standard error kept for a failure's message.
enum GitConfig {
    /// How one `git config` ended.
    struct Outcome {
        let status: Int32
        /// The first line git wrote on standard error, escaped for the terminal.
        let error: String
    }

    /// Runs `git config --global` with `arguments`.
    ///
    /// - Throws: Exit 69 when git cannot be run.
    static func run(_ arguments: [String]) throws(CLIError) -> Outcome {
        let ended: Spawn.Outcome
        do {
            ended = try Spawn.run(
                ["git", "config", "--global"] + arguments, errorLimit: SessionLimits.gitErrorOutput)
        } catch .notFound {
            throw CLIError(.gitNotInstalled)
        } catch {
            throw CLIError(.gitCannotRun, ["reason": error.description])
        }
        let firstLine =
            String(decoding: ended.standardError, as: UTF8.self).split(separator: "\n").first.map(String.init)
            ?? ""
        return Outcome(status: ended.status, error: TerminalText.escaped(firstLine))
    }
}
