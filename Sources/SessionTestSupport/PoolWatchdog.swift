import Dispatch
import Foundation
import SessionSupport

/// Watches Swift's cooperative pool from a thread of its own: every
/// `interval` it checks that the last probe it gave the pool (an empty
/// detached task) has run, and gives it the next. A probe that has waited
/// `threshold` means nothing ran on the pool all that time: its threads (as
/// many as the machine has cores) were all held by something that blocks.
/// Then it records every thread's stack of this process, with `gdb` (or
/// `eu-stack`), in a file, and hands `onStall` the file's path.
///
/// Only the time the watchdog itself saw counts: a gap of more than a
/// second between two of its own ticks (a machine so loaded that this
/// thread did not run either) is not the pool's, and is not counted.
///
/// ```swift
/// let watchdog = PoolWatchdog(threshold: .seconds(10)) { stall in
///     print("the pool stood still for \(stall.seconds) s; stacks in \(stall.stacks)")
/// }
/// ```
package final class PoolWatchdog: Sendable {
    /// What the watchdog saw.
    package struct Stall: Sendable {
        /// How long the pool had run nothing, as the watchdog saw it.
        package let seconds: Double
        /// The file that holds every thread's stack, taken then.
        package let stacks: String
    }

    private let stopped = Locked(false)

    /// Starts watching at once.
    ///
    /// - Parameters:
    ///   - threshold: How long the pool may run nothing before it counts as stalled.
    ///   - interval: How often the watchdog looks.
    ///   - folder: Where the stacks' file goes.
    ///   - onStall: Hears of the stall, once, on the watchdog's thread; the watchdog then stops.
    package init(
        threshold: Duration = .seconds(10), interval: Duration = .milliseconds(100),
        folder: String = NSTemporaryDirectory(), onStall: @escaping @Sendable (Stall) -> Void
    ) {
        let stopped = stopped
        Thread {
            Self.watch(
                threshold: threshold, interval: interval, folder: folder, stopped: stopped, onStall: onStall)
        }.start()
    }

    /// Stops watching (within one interval).
    package func stop() {
        stopped.withLock { $0 = true }
    }

    deinit { stop() }

    private static func watch(
        threshold: Duration, interval: Duration, folder: String, stopped: Locked<Bool>,
        onStall: @Sendable (Stall) -> Void
    ) {
        let clock = ContinuousClock()
        let ran = Locked(0)
        var sent = 0
        var waited = Duration.zero
        var last = clock.now
        while !stopped.withLock({ $0 }) {
            usleep(useconds_t(interval / .microseconds(1)))
            let now = clock.now
            let gap = now - last
            last = now
            if ran.withLock({ $0 }) == sent {
                sent += 1
                let probe = sent
                Task.detached { ran.withLock { $0 = probe } }
                waited = .zero
            } else if gap < .seconds(1) {
                waited += gap
                if waited >= threshold {
                    onStall(Stall(seconds: waited / .seconds(1), stacks: stacks(into: folder)))
                    return
                }
            }
        }
    }

    /// Every thread's stack of this process, in a new file of `folder`:
    /// its path. `gdb` attaches for a moment (stopping every thread,
    /// this one too) and detaches; it is given a minute.
    package static func stacks(into folder: String) -> String {
        let path = URL(fileURLWithPath: folder).appendingPathComponent(
            "session-pool-stall-\(getpid())-\(time(nil)).txt"
        ).path
        let pid = String(getpid())
        let tools: [[String]] = [
            ["/usr/bin/gdb", "-p", pid, "-batch", "-nx", "-ex", "thread apply all bt -frame-arguments none"],
            ["/usr/bin/eu-stack", "-p", pid],
        ]
        for tool in tools where FileManager.default.isExecutableFile(atPath: tool[0]) {
            guard let child = try? ChildProcess(tool, stdout: .file(path), stderr: .null) else { continue }
            if child.waitForExit(within: .seconds(60)) == nil { child.send(SIGKILL) }
            return path
        }
        try? Data("no gdb or eu-stack to show the threads' stacks\n".utf8).write(
            to: URL(fileURLWithPath: path))
        return path
    }
}

/// The check behind every helper of the tests that waits synchronously
/// (a child's exit, a pipe to its end, a socket's answer): called in a task,
/// that is on a thread of Swift's cooperative pool, it would hold one of its
/// two threads here for as long as it waits, and every other task of the
/// run with it. Such a helper calls ``refuseInTask(_:)``, and the tests
/// record an issue (``onViolation(_:)``) naming it.
package enum PoolCheck {
    private static let handler = Locked<@Sendable (String) -> Void>({ helper in
        FileHandle.standardError.write(
            Data("\(helper) waits and was called in a task, on the cooperative pool\n".utf8))
    })

    /// What a violation does: by default a line on standard error; the tests record an issue.
    package static func onViolation(_ body: @escaping @Sendable (String) -> Void) {
        handler.withLock { $0 = body }
    }

    /// Says so when the caller runs in a task: `helper` waits, and must be
    /// called on a thread of its own (``offThePool(_:)``) or in its async form.
    package static func refuseInTask(_ helper: String) {
        guard withUnsafeCurrentTask(body: { $0 != nil }) else { return }
        handler.withLock { $0 }(helper)
    }
}
