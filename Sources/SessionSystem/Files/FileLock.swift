#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An exclusive `flock` on a lock file that is never renamed or deleted.
///
/// A lock on the data file itself would be lost each time `rename` swaps in a
/// new inode, so writers lock a sibling file instead. The lock is released
/// when the descriptor is closed, including when the process dies.
///
/// The wait is bounded: a holder that is stopped (`kill -STOP`, a debugger)
/// would otherwise make every other writer hang forever in `flock`. The lock
/// is polled without blocking, backing off from 1 ms to 50 ms, until the
/// deadline; then ``SystemError/busy(lockPath:waited:)`` names the lock file.
package struct FileLock: ~Copyable {
    private let fd: Int32

    /// Opens (creating it 0600 if needed) and locks `path`, waiting at most
    /// `timeout` seconds; the thread sleeps between tries.
    package init(path: String, timeout: TimeInterval) throws {
        let fd = try Self.open(path)
        var wait = Backoff(timeout: timeout)
        while let pause = try Self.pauseBeforeRetry(fd, path: path, timeout: timeout, wait: &wait) {
            usleep(pause)
        }
        self.fd = fd
    }

    /// The same, for a task: it suspends between tries instead of blocking a
    /// thread, and a cancelled task stops waiting.
    package init(path: String, timeout: TimeInterval, suspending: Void) async throws {
        let fd = try Self.open(path)
        var wait = Backoff(timeout: timeout)
        while let pause = try Self.pauseBeforeRetry(fd, path: path, timeout: timeout, wait: &wait) {
            do {
                try await Task.sleep(nanoseconds: UInt64(pause) * 1000)
            } catch {
                close(fd)
                throw error
            }
        }
        self.fd = fd
    }

    /// One try at the lock: `nil` once it is held, else the microseconds to
    /// wait before the next try. Past the deadline it closes `fd` and throws
    /// ``SystemError/busy(lockPath:waited:)``.
    private static func pauseBeforeRetry(
        _ fd: Int32, path: String, timeout: TimeInterval, wait: inout Backoff
    ) throws -> UInt32? {
        guard try !tryLock(fd, path: path) else { return nil }
        guard let pause = wait.next() else {
            close(fd)
            throw SystemError.busy(lockPath: path, waited: timeout)
        }
        return pause
    }

    private static func open(_ path: String) throws -> Int32 {
        let fd = retryingOnInterrupt {
            openFile(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard fd >= 0 else {
            throw SystemError.failed("open the lock file", path: path, code: errno)
        }
        return fd
    }

    /// Takes the lock if it is free; `false` if another holds it.
    private static func tryLock(_ fd: Int32, path: String) throws -> Bool {
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
        let code = errno
        guard code == EWOULDBLOCK || code == EINTR else {
            close(fd)
            throw SystemError.failed("lock", path: path, code: code)
        }
        return false
    }

    /// Pauses from 1 ms, doubling to 50 ms, until the deadline.
    private struct Backoff {
        let deadline: ContinuousClock.Instant
        var pause: UInt32 = 1000

        init(timeout: TimeInterval) {
            deadline = .now.advanced(by: .milliseconds(Int64((max(0, timeout) * 1000).rounded())))
        }

        /// The next pause in microseconds, or `nil` once the deadline has passed.
        mutating func next() -> UInt32? {
            guard ContinuousClock.now < deadline else { return nil }
            defer { pause = min(pause * 2, 50_000) }
            return pause
        }
    }

    deinit { close(fd) }
}

/// `open(2)`, named apart from `FileLock.open`.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
