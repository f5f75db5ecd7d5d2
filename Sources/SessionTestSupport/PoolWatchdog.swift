import Dispatch
import Foundation
import SessionSupport
import SessionSystem

/// Watches Swift's cooperative pool from a thread of its own: every
/// `interval` it checks that the last probe it gave the pool (an empty
/// detached task) has run, and gives it the next. A probe that has waited
/// `threshold` while every thread of the pool was asleep (blocked in the
/// kernel: a lock, a semaphore, a read; none running or ready to run, and
/// none using the CPU) means the pool stood still: its threads, as many as
/// the machine has cores, were all held by something that blocks. Then it
/// records every thread's stack of this process, with `gdb` (or
/// `eu-stack`), in a file, and hands `onStall` the file's path.
///
/// A pool that is busy is not standing still: on a loaded machine, at the
/// start of a run, a probe may wait behind hundreds of tests' tasks for
/// longer than `threshold` while the pool's threads run them. The pool's
/// threads are the ones the probes ran on; their state and CPU time come
/// from `/proc/self/task`. And only the time the watchdog itself saw
/// counts: a gap of more than a second between two of its own ticks (a
/// machine so loaded that this thread did not run either) is not counted.
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
        // The last probe that ran, and the thread it ran on: one of the pool's.
        let ran = Locked((probe: 0, thread: pid_t(0)))
        var sent = 0
        var poolThreads: Set<pid_t> = []
        var lastWork: [pid_t: Int] = [:]
        var waited = Duration.zero
        var last = clock.now
        let me = currentThreadID()
        while !stopped.withLock({ $0 }) {
            usleep(useconds_t(interval / .microseconds(1)))
            let now = clock.now
            let gap = now - last
            last = now
            let (probe, thread) = ran.withLock { $0 }
            if thread != 0 { poolThreads.insert(thread) }
            if probe == sent {
                sent += 1
                let next = sent
                Task.detached { ran.withLock { $0 = (next, currentThreadID()) } }
                waited = .zero
                continue
            }
            // Running, ready to run, or using the CPU since the last look: busy, not standing still.
            // Before any probe ran, the pool's threads are not known: then every other thread counts.
            let watched = poolThreads.isEmpty ? ThreadState.threads().subtracting([me]) : poolThreads
            let work = Dictionary(
                uniqueKeysWithValues: watched.compactMap { tid in
                    ThreadState.read(tid).map { (tid, $0) }
                })
            let busy = work.contains { tid, state in state.running || state.cpuTicks != lastWork[tid] }
            lastWork = work.mapValues(\.cpuTicks)
            if busy || gap >= .seconds(1) {
                waited = .zero
                continue
            }
            waited += gap
            if waited >= threshold {
                onStall(Stall(seconds: waited / .seconds(1), stacks: stacks(into: folder)))
                return
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

/// The kernel's ID of the calling thread (what `gettid` gives, which
/// Glibc's Swift module does not name): `/proc/thread-self` is a link to
/// `PID/task/TID`.
private func currentThreadID() -> pid_t {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    guard count > 0 else { return 0 }
    let link = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return link.split(separator: "/").last.flatMap { pid_t($0) } ?? 0
}

/// What `/proc/self/task/TID/stat` says of a thread of this process.
private struct ThreadState {
    /// Running or ready to run (`R`).
    let running: Bool
    /// Its CPU time so far, user and system, in clock ticks.
    let cpuTicks: Int

    /// Every thread of this process.
    static func threads() -> Set<pid_t> {
        Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).compactMap {
                pid_t($0)
            })
    }

    static func read(_ tid: pid_t) -> ThreadState? {
        guard let text = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After the name in parentheses: state, then 10 fields, then utime and stime.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return ThreadState(running: fields[0] == "R", cpuTicks: user + system)
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
