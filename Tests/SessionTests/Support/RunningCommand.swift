import Foundation

/// A command that is running; `finish()` waits for it.
struct RunningCommand {
    let process: Process
    let scratch: TemporaryDirectory

    var pid: Int32 { process.processIdentifier }

    func finish() -> CommandResult {
        process.waitUntilExit()
        let read = { (name: String) in
            (try? String(contentsOf: scratch.file(name), encoding: .utf8)) ?? ""
        }
        return CommandResult(
            status: process.terminationStatus, stdout: read("stdout"), stderr: read("stderr"))
    }
}
