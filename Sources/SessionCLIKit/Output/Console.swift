import Foundation
import SessionCore

#if canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#elseif canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#endif

/// Where the tool writes: standard output for results, standard error for
/// errors and warnings, one line each.
///
/// A failed write (EPIPE, ENOSPC, EIO) is remembered, not ignored: the tool
/// then exits 74 instead of 0 with a truncated result (``ErrorReport/finish(_:)``).
package enum Console {
    /// The first write that failed: which stream, and why.
    package struct Failure: Sendable {
        /// "standard output" or "standard error".
        package let stream: String
        /// The system's words for the error.
        package let reason: String
    }

    private static let failure = Locked<Failure?>(nil)

    /// The first failed write, if any.
    package static var outputFailure: Failure? { failure.withLock { $0 } }

    /// Writes a line to standard output.
    package static func out(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes a line to standard error.
    package static func error(_ text: String) {
        write(text + "\n", to: STDERR_FILENO)
    }

    /// Writes bytes to standard output as they are (a response body) when
    /// it is a file or a pipe. On a terminal, control characters other than
    /// newline and tab are shown in caret notation (`ESC` as `^[`): what a
    /// server sends must not drive the terminal.
    package static func out(bytes: [UInt8]) {
        guard isTerminal(STDOUT_FILENO) else { return write(bytes[...], to: STDOUT_FILENO) }
        write(terminalSafe(bytes)[...], to: STDOUT_FILENO)
    }

    /// `bytes` with C0 controls (but LF and TAB) and DEL in caret notation.
    package static func terminalSafe(_ bytes: [UInt8]) -> [UInt8] {
        var safe: [UInt8] = []
        safe.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case 0x0A, 0x09: safe.append(byte)
            case 0x00..<0x20: safe += [UInt8(ascii: "^"), byte + 0x40]
            case 0x7F: safe += [UInt8(ascii: "^"), UInt8(ascii: "?")]
            default: safe.append(byte)
            }
        }
        return safe
    }

    /// Whether `fd` is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    static func write(_ text: String, to fd: Int32) {
        write(Array(text.utf8)[...], to: fd)
    }

    private static func write(_ bytes: ArraySlice<UInt8>, to fd: Int32) {
        var bytes = bytes
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = count < 0 ? String(cString: strerror(errno)) : "nothing was written"
                let stream = fd == STDOUT_FILENO ? "standard output" : "standard error"
                failure.withLock { $0 = $0 ?? Failure(stream: stream, reason: reason) }
                return
            }
            bytes = bytes.dropFirst(count)
        }
    }
}
