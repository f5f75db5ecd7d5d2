#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads and writes on descriptors, each retried when a signal interrupts
/// it, and the waits between them.
package enum Descriptors {
    /// Up to `count` bytes, as soon as some are there; empty at the end.
    /// Throws `errno` when the read fails.
    package static func read(_ fd: Int32, upTo count: Int) throws(SystemError) -> [UInt8] {
        guard let bytes = try readIfReady(fd, upTo: count) else {
            throw .failed("read", path: "", code: EAGAIN)
        }
        return bytes
    }

    /// Up to `count` bytes of a descriptor `poll` said was readable: empty
    /// at the end, `nil` when it has nothing after all (`EAGAIN`, as a
    /// non-blocking terminal may say). Throws `errno` when the read fails.
    package static func readIfReady(_ fd: Int32, upTo count: Int) throws(SystemError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = retryingOnInterrupt {
            buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
        }
        if read < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return nil }
        guard read >= 0 else { throw .failed("read", path: "", code: errno) }
        return Array(buffer[..<read])
    }

    /// One byte, or `nil` at the end (or on an error).
    package static func readByte(_ fd: Int32) -> UInt8? {
        var byte: UInt8 = 0
        return retryingOnInterrupt { systemRead(fd, &byte, 1) } == 1 ? byte : nil
    }

    /// Writes all of `bytes`. Returns `nil`, or why it stopped: `errno`'s
    /// words, or "nothing was written".
    package static func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> String? {
        var bytes = bytes
        while !bytes.isEmpty {
            let count = retryingOnInterrupt {
                bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            }
            guard count > 0 else { return count < 0 ? Errno.text(errno) : "nothing was written" }
            bytes = bytes.dropFirst(count)
        }
        return nil
    }

    /// A pipe (close-on-exec, non-blocking) whose read end a wait can watch,
    /// to be woken from another thread or a signal handler.
    package static func wakePipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .failed("create", path: "a pipe", code: errno) }
        for fd in ends { makeNonBlocking(fd) }
        return (ends[0], ends[1])
    }

    /// Writes one byte to a wake-up pipe.
    package static func wake(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = systemWrite(fd, &byte, 1)
    }

    /// Reads whatever a (non-blocking) wake-up pipe holds.
    package static func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ systemRead(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Waits for any of `descriptors` to be readable (or closed), at most
    /// `milliseconds` (-1: with no end). Which ones are, in their order;
    /// `nil` when the wait failed.
    package static func wait(readable descriptors: [Int32], milliseconds: Int32) -> [Bool]? {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = retryingOnInterrupt { poll(&fds, nfds_t(fds.count), milliseconds) }
        return ready < 0 ? nil : fds.map { $0.revents != 0 }
    }

    /// Makes `fd` close-on-exec and non-blocking.
    package static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
}
