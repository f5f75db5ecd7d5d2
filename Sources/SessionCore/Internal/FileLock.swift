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
struct FileLock: ~Copyable {
    private let fd: Int32

    /// Opens (creating it 0600 if needed) and locks `path`, waiting for any other holder.
    init(path: String) throws {
        let fd = POSIX.retryingOnInterrupt {
            open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard fd >= 0 else {
            throw SessionFileError.io(path: path, operation: "open the lock file", code: errno)
        }
        guard POSIX.retryingOnInterrupt({ flock(fd, LOCK_EX) }) == 0 else {
            let code = errno
            close(fd)
            throw SessionFileError.io(path: path, operation: "lock", code: code)
        }
        self.fd = fd
    }

    deinit { close(fd) }
}
