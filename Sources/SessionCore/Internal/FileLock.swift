import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
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
/// deadline; then ``StoreBusyError`` names the lock file.
struct FileLock: ~Copyable {
    private let fd: Int32

    /// Opens (creating it 0600 if needed) and locks `path`, waiting at most `timeout` seconds.
    init(path: String, timeout: TimeInterval) throws {
        let fd = POSIX.retryingOnInterrupt {
            open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard fd >= 0 else {
            throw SessionFileError.io(path: path, operation: "open the lock file", code: errno)
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int64((max(0, timeout) * 1000).rounded())))
        var pause: UInt32 = 1000
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(fd)
                throw SessionFileError.io(path: path, operation: "lock", code: code)
            }
            guard clock.now < deadline else {
                close(fd)
                throw StoreBusyError(lockPath: path, waited: timeout)
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
        self.fd = fd
    }

    deinit { close(fd) }
}
