import Foundation
import SessionTestSupport

/// A real process that takes a store's writer lock (`flock`) and then stops
/// itself (SIGSTOP): a writer frozen mid-save. Made once it says it holds
/// the lock, so a test waits on that word, not on a clock.
struct StoppedLockHolder {
    let process: ChildProcess

    init(lockPath: String) throws {
        process = try ChildProcess(
            [
                "/usr/bin/env", "python3", "-c",
                """
                import fcntl, os, signal, sys
                f = open(sys.argv[1], "a")
                fcntl.flock(f, fcntl.LOCK_EX)
                print("locked", flush=True)
                os.kill(os.getpid(), signal.SIGSTOP)
                """,
                lockPath,
            ], stdout: .pipe)
        guard try process.output?.readLine() == "locked" else {
            kill()
            throw ChildProcessError(description: "the lock holder did not take the lock")
        }
    }

    /// Ends the holder (its lock goes with it) and waits until it is gone.
    func kill() {
        process.send(SIGKILL)
        process.waitForExit()
    }
}
