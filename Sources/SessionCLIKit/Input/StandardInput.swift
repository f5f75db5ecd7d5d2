import SessionSupport
import SessionSystem

/// The tool's standard input: a token piped to `login --with-token`, a line
/// typed at a prompt with echo off. A test gives a command bytes instead
/// (``bytes(_:isTerminal:)``).
///
/// It keeps what it has read: when `session-cli` hands a command to
/// `session-cli-api` after reading some of its input, the companion reads
/// the same bytes again (``CompanionLauncher``).
package final class StandardInput: Sendable {
    enum Source {
        case descriptor(Int32)
        case memory([UInt8])
    }

    /// Whether standard input is a terminal (a person typing, not a pipe).
    package let isTerminal: Bool
    let source: Source
    private let state = Locked<(consumed: [UInt8], offset: Int)>(([], 0))

    private init(source: Source, isTerminal: Bool) {
        self.source = source
        self.isTerminal = isTerminal
    }

    /// The process's standard input.
    package static func standard() -> StandardInput {
        StandardInput(
            source: .descriptor(StandardDescriptor.input),
            isTerminal: Terminal.isTerminal(StandardDescriptor.input))
    }

    /// `bytes` as the input, for a command run in a test.
    package static func bytes(_ bytes: [UInt8], isTerminal: Bool = false) -> StandardInput {
        StandardInput(source: .memory(bytes), isTerminal: isTerminal)
    }

    /// What has been read so far.
    package var consumed: [UInt8] { state.withLock { $0.consumed } }

    /// Reads to the end, refusing more than `limit` bytes: an endless
    /// stream (`yes | session-cli login --with-token`) ends in an error, not
    /// a hang, once a little more than `limit` has come.
    ///
    /// - Returns: The bytes, or `nil` when there were more than `limit`.
    package func readToEnd(limit: Int) throws(CLIError) -> [UInt8]? {
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let piece = try read(upTo: 4096)
            if piece.isEmpty { return bytes }
            bytes += piece
        }
        return nil
    }

    /// Up to `count` bytes, as soon as some are there; empty at the end.
    package func read(upTo count: Int) throws(CLIError) -> [UInt8] {
        switch source {
        case .memory(let all):
            return state.withLock { state in
                let piece = Array(all[state.offset..<min(all.count, state.offset + count)])
                state.offset += piece.count
                state.consumed += piece
                return piece
            }
        case .descriptor(let fd):
            let piece: [UInt8]
            do {
                piece = try Descriptors.read(fd, upTo: count)
            } catch {
                throw CLIError(.cannotReadStandardInput, ["reason": error.reason])
            }
            state.withLock { $0.consumed += piece }
            return piece
        }
    }

    /// The bytes a person types at `prompt` up to Enter, with echo off; `nil`
    /// when more than `limit` were typed. In a test, the input's first line.
    package func hiddenLine(prompt: String, limit: Int, console: Console) throws(CLIError) -> [UInt8]? {
        switch source {
        case .memory(let all):
            console.prompt(prompt)
            defer { console.prompt("\n") }
            let line = Array(all.prefix { $0 != 0x0A && $0 != 0x0D })
            return line.count <= limit ? line : nil
        case .descriptor:
            return try TerminalPrompt.hiddenLine(prompt: prompt, limit: limit, console: console)
        }
    }

    /// The line a person types at `prompt`, as the terminal echoes it,
    /// without spaces around it; empty at the end of the input. In a test,
    /// the input's next line.
    package func visibleLine(prompt: String, limit: Int, console: Console) throws(CLIError) -> String {
        switch source {
        case .memory(let all):
            return state.withLock { state in
                let rest = all[state.offset...]
                let line = rest.prefix { $0 != 0x0A }
                state.offset += min(rest.count, line.count + 1)
                console.prompt(prompt)
                return String(decoding: line.prefix(limit), as: UTF8.self).trimmingSpaces
            }
        case .descriptor:
            return try TerminalPrompt.visibleLine(prompt: prompt, limit: limit, console: console)
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and carriage returns.
    package var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
