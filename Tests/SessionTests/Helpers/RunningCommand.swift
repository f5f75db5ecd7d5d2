import Foundation
import SessionTestSupport

/// A command that is running; `finish()` waits for it.
struct RunningCommand {
    let process: Process
    let scratch: TemporaryDirectory

    var pid: Int32 { process.processIdentifier }

    /// Waits for the command to exit (on a thread of its own, not the pool's).
    func finish() async -> CommandResult {
        await process.exitStatus()
        let read = { (name: String) in
            (try? String(contentsOf: scratch.file(name), encoding: .utf8)) ?? ""
        }
        return CommandResult(
            status: process.terminationStatus, stdout: read("stdout"), stderr: read("stderr"))
    }
}

extension RunningCommand {
    /// What the command has written to standard error so far.
    var stderrSoFar: String { (try? String(contentsOf: scratch.file("stderr"), encoding: .utf8)) ?? "" }

    /// The rest of the first stderr line that starts with `prefix`, once it
    /// appears; `nil` if the command ends or 20 s pass first.
    func waitForStderrLine(startingWith prefix: String) async -> String? {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let lines = stderrSoFar.split(separator: "\n")
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) {
                return String(line.dropFirst(prefix.count))
            }
            guard process.isRunning else { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}
