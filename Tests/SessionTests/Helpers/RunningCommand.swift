import Foundation
import SessionTestSupport
import Testing

/// A command that is running; `finish()` waits for it.
struct RunningCommand {
    let process: ChildProcess
    let scratch: TemporaryDirectory
    /// Its standard error, as it arrives.
    let errors: StreamCollector

    var pid: Int32 { process.pid }

    /// Starts watching `process`: one still running after `limit` is a
    /// hang, recorded with what it printed and where its threads stand, and
    /// killed, so whoever waits for it goes on.
    init(
        process: ChildProcess, arguments: [String], scratch: TemporaryDirectory, errors: StreamCollector,
        limit: Duration = .seconds(150)
    ) {
        self.process = process
        self.scratch = scratch
        self.errors = errors
        Task {
            guard await process.exitStatus(within: limit) == nil else { return }
            let threads = await Self.threads(of: process.pid)
            process.send(SIGKILL)
            Issue.record(
                """
                session-cli \(arguments.joined(separator: " ")) was still running after \(limit), and was \
                killed. Its standard error so far:
                \(errors.text)
                Its threads:
                \(threads)
                """)
        }
    }

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

    /// Each thread's stack of the process `pid`, as gdb prints them
    /// (function names only), or why there are none.
    private static func threads(of pid: Int32) async -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb") else {
            return "(no gdb to show them)"
        }
        do {
            let gdb = try ChildProcess(
                [
                    "/usr/bin/gdb", "-p", String(pid), "-batch", "-nx", "-ex",
                    "thread apply all bt -frame-arguments none",
                ],
                stdout: .pipe, stderr: .null)
            let output = try await offThePool { try gdb.readStandardOutput() }
            await gdb.exitStatus()
            return String(decoding: output, as: UTF8.self)
        } catch {
            return "(gdb failed: \(error))"
        }
    }
}
