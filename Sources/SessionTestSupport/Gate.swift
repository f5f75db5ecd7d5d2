import Dispatch

/// A semaphore for the tests, whose waits never hold a thread of Swift's
/// cooperative pool: a thread of the test's own waits with ``wait()`` (in a
/// task, ``PoolCheck`` reports it), a task with ``passed(times:)``, which
/// waits on a thread of its own.
///
/// ```swift
/// let done = Gate()
/// Thread { work(); done.open() }.start()
/// await done.passed()
/// ```
package final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    package init() {}

    /// Lets one wait through.
    package func open() {
        semaphore.signal()
    }

    /// Waits, blocking this thread, until the gate is opened once.
    package func wait() {
        PoolCheck.refuseInTask("Gate.wait()")
        semaphore.wait()
    }

    /// Waits, blocking this thread, until the gate is opened once or
    /// `limit` has passed; whether it was opened.
    package func wait(atMost limit: Duration) -> Bool {
        PoolCheck.refuseInTask("Gate.wait(atMost:)")
        return semaphore.wait(timeout: .now() + .milliseconds(Int(limit / .milliseconds(1)))) == .success
    }

    /// Waits, suspending the task, until the gate is opened `times` times.
    package func passed(times: Int = 1) async {
        let semaphore = semaphore
        _ = try? await offThePool {
            for _ in 0..<times { semaphore.wait() }
        }
    }
}
