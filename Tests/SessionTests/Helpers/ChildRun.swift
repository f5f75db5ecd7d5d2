import Foundation
import SessionTestSupport

/// A test's work in a process of its own, where no other test's work
/// shares the pool: this test binary run again with only that test, which
/// finds its ``role`` set and does the work, then exits with its verdict.
///
/// Swift Testing's own exit tests (`#expect(processExitsWith:)`) do the
/// same, but read the child's output with a blocking read on a thread of
/// the cooperative pool for the child's whole life: two at once held both
/// of this machine's threads, and the pool watchdog ended the run. Here the
/// parent waits suspended.
///
/// ```swift
/// @Test func inAProcessOfItsOwn() async throws {
///     if ChildRun.role == "alone" { exit(work() ? 0 : 1) }
///     let child = try await ChildRun.run("MySuite/inAProcessOfItsOwn", as: "alone")
///     #expect(child.status == 0, "\(child.output)")
/// }
/// ```
enum ChildRun {
    /// The variable that tells the child its role.
    static let variable = "SESSION_TESTS_CHILD"

    /// The role this process was started for; `nil` in the test run itself.
    static var role: String? { ProcessInfo.processInfo.environment[variable] }

    /// Runs this test binary with only the tests `filter` names, as `role`:
    /// its exit status and everything it printed.
    static func run(_ filter: String, as role: String) async throws -> (status: Int32, output: String) {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = role
        let child = try ChildProcess(
            [binary, "--testing-library", "swift-testing", "--filter", filter], environment: environment,
            stdout: .pipe, stderr: .null)
        let output = try await offThePool { try child.readStandardOutput() }
        return (await child.exitStatus(), String(decoding: output, as: UTF8.self))
    }
}
