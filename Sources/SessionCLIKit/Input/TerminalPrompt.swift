import SessionSupport
import SessionSystem

/// Reads one line typed at the terminal: with echo off for a token, or as
/// typed for an answer (`switch`'s number).
///
/// A hidden line is read with the terminal in non-canonical mode, so it is
/// not cut at the terminal's line limit (4095 bytes on Linux, 1024 on
/// macOS) and a long token arrives whole. The tool handles Backspace and
/// Ctrl-U itself, since the terminal no longer does. Every `tcsetattr` is
/// checked, and the settings are read back: the prompt never claims echo is
/// off when it is not. Ctrl-C, SIGTERM and SIGHUP put the terminal back and
/// end the line before the tool ends (``Signals``).
enum TerminalPrompt {
    /// Shows `prompt` on standard error and returns the bytes typed up to
    /// Enter with echo off; `nil` when more than `limit` were typed.
    ///
    /// - Throws: Exit 74 when the terminal's echo cannot be turned off.
    static func hiddenLine(prompt: String, limit: Int, console: Console) throws(CLIError) -> [UInt8]? {
        guard let original = Terminal.inputSettings() else {
            throw CLIError(.terminalSettingsUnreadable)
        }
        return try Signals.whilePrompting(restoring: original, status: ExitCode.ending) {
            () throws(CLIError) -> [UInt8]? in
            // Echo goes off before the prompt appears: TCSAFLUSH discards pending
            // input, so a token pasted right after the prompt must not reach the
            // terminal before the switch, or it is lost and the read waits forever.
            guard Terminal.hideInput(from: original) else {
                throw CLIError(.echoCannotBeTurnedOff)
            }
            console.prompt(prompt)
            let line = readHiddenBytes(limit: limit)
            console.prompt("\n")
            return line
        }
    }

    /// Shows `prompt` on standard error and returns the line typed (as the
    /// terminal echoes it) without its line end; empty at the end of input.
    static func visibleLine(prompt: String, limit: Int, console: Console) throws(CLIError) -> String {
        try Signals.whilePrompting(restoring: nil, status: ExitCode.ending) { () throws(CLIError) -> String in
            console.prompt(prompt)
            var line: [UInt8] = []
            while true {
                guard let byte = Descriptors.readByte(StandardDescriptor.input) else {
                    // Ctrl-D: the line never ended on the terminal, so end it here.
                    console.prompt("\n")
                    break
                }
                if byte == 0x0A { break }
                if line.count < limit { line.append(byte) }
            }
            return String(decoding: line, as: UTF8.self).trimmingSpaces
        }
    }

    /// The bytes up to Enter, with Backspace and Ctrl-U applied; `nil` when
    /// more than `limit` were typed (the rest of the line is read and dropped,
    /// so it does not reach the shell).
    private static func readHiddenBytes(limit: Int) -> [UInt8]? {
        var line: [UInt8] = []
        var overflow = false
        while let byte = Descriptors.readByte(StandardDescriptor.input) {
            switch byte {
            case 0x0A, 0x0D: return overflow ? nil : line
            case 0x04 where line.isEmpty: return overflow ? nil : line  // Ctrl-D on an empty line
            case 0x7F, 0x08: if !line.isEmpty { line.removeLast() }
            case 0x15: line.removeAll()  // Ctrl-U
            default:
                if line.count < limit { line.append(byte) } else { overflow = true }
            }
        }
        return overflow ? nil : line
    }
}
