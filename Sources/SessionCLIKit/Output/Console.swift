package import SessionCore
import SessionSupport
import SessionSystem

/// Where a command writes: standard output for results, standard error for
/// errors and warnings, one line each. A test gives a command one that
/// keeps what it was told (``capturing()``).
///
/// A failed write (EPIPE, ENOSPC, EIO) is remembered, not ignored: the tool
/// then exits 74 instead of 0 with a truncated result (``ErrorReport/finish(_:console:)``).
package final class Console: Sendable {
    /// Where one stream goes.
    enum Destination: Sendable {
        case descriptor(Int32)
        case memory(Locked<[UInt8]>)
    }

    /// The first write that failed: which stream, and why.
    package struct Failure: Sendable {
        /// Which of the two.
        package enum Stream: Sendable { case output, errors }
        /// Standard output or standard error.
        package let stream: Stream
        /// The system's words for the error.
        package let reason: String
    }

    /// Whether standard output is a terminal (colors, escaping of bodies).
    package let outputIsTerminal: Bool
    private let output: Destination
    private let errors: Destination
    private let failure = Locked<Failure?>(nil)

    init(output: Destination, errors: Destination, outputIsTerminal: Bool) {
        self.output = output
        self.errors = errors
        self.outputIsTerminal = outputIsTerminal
    }

    /// The terminal's width in columns, for the help: `COLUMNS` when the
    /// caller read it, else the terminal's own when standard output is one,
    /// else `nil` (80, then).
    package func terminalColumns() -> Int? {
        guard case .descriptor(let fd) = output else { return nil }
        return Terminal.columns(fd)
    }

    /// The process's standard output and standard error.
    package static func standard() -> Console {
        Console(
            output: .descriptor(StandardDescriptor.output), errors: .descriptor(StandardDescriptor.error),
            outputIsTerminal: Terminal.isTerminal(StandardDescriptor.output))
    }

    /// A console that keeps what is written, for a command run in a test.
    package static func capturing(outputIsTerminal: Bool = false) -> Console {
        Console(output: .memory(Locked([])), errors: .memory(Locked([])), outputIsTerminal: outputIsTerminal)
    }

    /// What was written to standard output, for a capturing console.
    package var capturedOutput: String { Self.captured(output) }
    /// What was written to standard error, for a capturing console.
    package var capturedErrors: String { Self.captured(errors) }

    /// The first failed write, if any.
    package var outputFailure: Failure? { failure.withLock { $0 } }

    /// Writes a line to standard output. Anything in it that could drive a
    /// terminal is escaped (``TerminalText``): parts of a line may come from
    /// a provider, a server or a file.
    package func out(_ text: String) {
        write(TerminalText.escaped(text, keepingLines: true) + "\n", to: output)
    }

    /// Writes a line to standard error, escaped like ``out(_:)``.
    package func error(_ text: String) {
        write(TerminalText.escaped(text, keepingLines: true) + "\n", to: errors)
    }

    /// Writes a screen whose values were escaped where it was composed, and
    /// which carries the tool's own color codes: the status screen.
    package func out(composed text: String) {
        write(text + "\n", to: output)
    }

    /// The tool's own words on standard error, with no line end: a prompt.
    package func prompt(_ text: String) {
        write(text, to: errors)
    }

    /// An answer for the program that runs the tool (git, kubectl), with
    /// the token in it, as it is: escaping could change it, and every value
    /// in it is checked by the command that builds it.
    package func out(forProgram text: String) {
        write(text + "\n", to: output)
    }

    /// A secret the person asked for (`token`), as it is: escaping could
    /// change it, and a token is visible ASCII by construction.
    package func out(secret token: AuthToken) {
        write(token.value + "\n", to: output)
    }

    /// A response body on its way to standard output, a piece at a time: as
    /// it came when the output is a file or a pipe, escaped on a terminal
    /// (``TerminalText/Filter``, which keeps a UTF-8 sequence split between
    /// pieces whole), so a server cannot drive the terminal.
    package func bodyWriter() -> BodyWriter {
        BodyWriter(console: self, filter: outputIsTerminal ? TerminalText.Filter() : nil)
    }

    /// See ``bodyWriter()``.
    package struct BodyWriter: Sendable {
        let console: Console
        var filter: TerminalText.Filter?

        /// Writes a piece of the body; `false` once the output failed (a
        /// closed pipe, a full disk), when the rest is not worth receiving.
        @discardableResult
        package mutating func write(_ piece: some Collection<UInt8>) -> Bool {
            let bytes = filter?.pass(piece) ?? Array(piece)
            console.write(bytes[...], to: console.output)
            return console.outputFailure == nil
        }

        /// Writes what is left at the end of the body.
        package mutating func finish() {
            guard let rest = filter?.finish(), !rest.isEmpty else { return }
            console.write(rest[...], to: console.output)
        }
    }

    private func write(_ text: String, to destination: Destination) {
        write(Array(text.utf8)[...], to: destination)
    }

    private func write(_ bytes: ArraySlice<UInt8>, to destination: Destination) {
        switch destination {
        case .memory(let kept):
            kept.withLock { $0 += bytes }
        case .descriptor(let fd):
            if let reason = Descriptors.write(fd, bytes) {
                let stream: Failure.Stream = fd == StandardDescriptor.output ? .output : .errors
                failure.withLock { $0 = $0 ?? Failure(stream: stream, reason: reason) }
            }
        }
    }

    private static func captured(_ destination: Destination) -> String {
        guard case .memory(let kept) = destination else { return "" }
        return String(decoding: kept.withLock { $0 }, as: UTF8.self)
    }
}
