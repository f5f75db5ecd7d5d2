import Dispatch
import Foundation

/// Runs blocking work (waiting for a child process, reading its pipe,
/// installing packages) on a thread of its own, and suspends the caller
/// until it is done.
///
/// The concurrency pool has as many threads as the machine has cores (two
/// here). A test that blocked one of them in `waitUntilExit()` while another
/// installed the provider's packages starved every other async test, and a
/// test that judged a 30 s token by the wall clock failed. Nothing in the
/// test support blocks a pool thread.
package func offThePool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws
    -> Result
{
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
    }
}

extension Process {
    /// Waits for the process to exit without holding a thread: it looks
    /// every 10 ms, between naps on a timer. Returns its status.
    ///
    /// Not `waitUntilExit()`: on Linux it spins a run loop that has nothing
    /// to wait on, a whole core for as long as the child runs.
    @discardableResult
    package func exitStatus() async -> Int32 {
        while isRunning {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
                    continuation.resume()
                }
            }
        }
        return terminationStatus
    }

    /// The same, for code that must block (a synchronous test, a thread of
    /// its own): it sleeps between looks instead of spinning.
    @discardableResult
    package func waitForExit() -> Int32 {
        while isRunning { usleep(10_000) }
        return terminationStatus
    }
}

/// One launch at a time among the threads of their own that start Pythons.
private let launching = NSLock()

extension Process {
    /// `run()`, one launch at a time. Linux Foundation's `Process.run()` is
    /// not safe to call from many threads at once: a CI run crashed in its
    /// `memmove` while fifteen `offThePool` threads started Pythons together.
    /// Only for threads of their own (``offThePool(_:)``): on the concurrency
    /// pool, waiting for this lock held both of its threads while launches
    /// queued, and a test that needed the pool timed out.
    package func runOneAtATime() throws {
        launching.lock()
        defer { launching.unlock() }
        try run()
    }
}
