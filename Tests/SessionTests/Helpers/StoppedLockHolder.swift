import Foundation
import SessionTestSupport

/// A real process that takes a store's writer lock (`flock`) and then stops
/// itself (SIGSTOP): a writer frozen mid-save. Made once it says it holds
/// the lock, so a test waits on that word, not on a clock, and on a thread
/// of its own, not one of the pool's.
struct StoppedLockHolder {
    let process: ChildProcess

    private init(process: ChildProcess) {
        self.process = process
    }

    /// Starts the holder and waits until it holds the lock at `lockPath`.
    static func start(lockPath: String) async throws -> StoppedLockHolder {
        let process = try ChildProcess(
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
        let holder = StoppedLockHolder(process: process)
        guard try await offThePool({ try process.output?.readLine() }) == "locked" else {
            await holder.kill()
            throw ChildProcessError(description: "the lock holder did not take the lock")
        }
        return holder
    }

    /// Ends the holder (its lock goes with it) and waits until it is gone.
    func kill() async {
        process.send(SIGKILL)
        await process.exitStatus()
    }
}
