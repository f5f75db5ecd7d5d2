import Foundation
import SessionTestSupport

/// A command that is running; `finish()` waits for it.
struct RunningCommand {
    let process: ChildProcess
    let scratch: TemporaryDirectory
    /// Its standard error, as it arrives.
    let errors: StreamCollector

    var pid: Int32 { process.pid }

    /// Waits for the command to exit (its reaper is a thread of its own, not the pool's).
    func finish() async -> CommandResult {
        let status = await process.exitStatus()
        let stderr = await errors.whole()
        let stdout = (try? String(contentsOf: scratch.file("stdout"), encoding: .utf8)) ?? ""
        return CommandResult(status: status, stdout: stdout, stderr: stderr)
    }

    /// The rest of the first stderr line that starts with `prefix`, once it
    /// has arrived; `nil` if the command ends first.
    func waitForStderrLine(startingWith prefix: String) async -> String? {
        await errors.line(startingWith: prefix)
    }
}
