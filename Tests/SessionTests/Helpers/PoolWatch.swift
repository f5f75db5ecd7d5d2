import Foundation
import SessionTestSupport
import Testing

/// The test run's watch on Swift's cooperative pool, started by the helpers
/// most tests use (``url(_:)``, ``Sample``, ``TemporaryDirectory``), so it
/// runs from the first moments of any run:
/// - a ``PoolWatchdog`` that ends the run when the pool has run nothing for
///   10 s, naming the file that holds every thread's stack (what held the
///   pool, in the first run that meets it);
/// - ``PoolCheck``: a helper that waits, called in a task, records an issue
///   in the test that called it.
enum PoolWatch {
    /// How long the pool may run nothing before the run ends.
    static let threshold = Duration.seconds(10)

    private static let watchdog: PoolWatchdog = {
        PoolCheck.onViolation { helper in
            let text =
                "\(helper) waits, and was called in a task, on one of the cooperative pool's threads: "
                + "call it in offThePool { } or use its async form"
            Issue.record(Comment(rawValue: text))
        }
        return PoolWatchdog(threshold: threshold) { stall in
            let line =
                "PoolWatch: the cooperative pool ran nothing for \(Int(stall.seconds)) s; every thread's stack "
                + "is in \(stall.stacks)\n"
            FileHandle.standardError.write(Data(line.utf8))
            _exit(70)
        }
    }()

    /// Starts the watch, once per process.
    static func start() {
        _ = watchdog
    }
}
