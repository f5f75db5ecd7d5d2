import SessionCore
import SessionSupport

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

    /// Writes a line to standard output. Anything in it that could drive a
    /// terminal is escaped (``TerminalText``): parts of a line may come from
    /// a provider, a server or a file.
    package static func out(_ text: String) {
        write(TerminalText.escaped(text, keepingLines: true) + "\n", to: STDOUT_FILENO)
    }

    /// Writes a line to standard error, escaped like ``out(_:)``.
    package static func error(_ text: String) {
        write(TerminalText.escaped(text, keepingLines: true) + "\n", to: STDERR_FILENO)
    }

    /// Writes a screen whose values were escaped where it was composed, and
    /// which carries the tool's own color codes: the status screen.
    package static func out(composed text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// A response body on its way to standard output, a piece at a time:
    /// as it came when the output is a file or a pipe, escaped on a terminal
    /// (``TerminalText/Filter``, which keeps a UTF-8 sequence split between
    /// pieces whole), so a server cannot drive the terminal.
    package struct BodyWriter {
        private var filter: TerminalText.Filter?

        /// A writer for the standard output as it is now.
        package init() {
            filter = Console.isTerminal(STDOUT_FILENO) ? TerminalText.Filter() : nil
        }

        /// Writes a piece of the body; `false` once the output failed (a
        /// closed pipe, a full disk), when the rest is not worth receiving.
        @discardableResult
        package mutating func write(_ piece: some Collection<UInt8>) -> Bool {
            let bytes = filter?.pass(piece) ?? Array(piece)
            Console.write(bytes[...], to: STDOUT_FILENO)
            return Console.outputFailure == nil
        }

        /// Writes what is left at the end of the body.
        package mutating func finish() {
            guard let rest = filter?.finish(), !rest.isEmpty else { return }
            Console.write(rest[...], to: STDOUT_FILENO)
        }
    }

    /// Whether `fd` is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    static func write(_ text: String, to fd: Int32) {
        write(Array(text.utf8)[...], to: fd)
    }

    fileprivate static func write(_ bytes: ArraySlice<UInt8>, to fd: Int32) {
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
