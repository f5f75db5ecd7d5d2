import SessionSupport

/// Reads one line typed at the terminal with echo off: the login prompt.
///
/// The terminal is put in non-canonical mode, so the line is not cut at the
/// terminal's line limit (4095 bytes on Linux, 1024 on macOS) and a long
/// token arrives whole. The tool handles Backspace and Ctrl-U itself, since
/// the terminal no longer does. Every `tcsetattr` is checked, and the
/// settings are read back: the prompt never claims echo is off when it is
/// not. SIGINT, SIGTERM and SIGHUP put the terminal back before the tool
/// dies.
enum HiddenPrompt {
    /// Shows `prompt` on standard error and returns the bytes typed up to Enter
    /// (at most `limit`; more is an error).
    static func readLine(prompt: String, limit: Int, console: Console) throws(CLIError) -> [UInt8] {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw CLIError(
                "cannot read the terminal's settings; pipe the token to --with-token instead", code: .ioError)
        }
        // Echo goes off before the prompt appears: TCSAFLUSH discards pending
        // input, so a token pasted right after the prompt must not reach the
        // terminal before the switch, or it is lost and the read waits forever.
        TerminalRestore.install(original)
        defer { TerminalRestore.uninstall() }
        var hidden = original
        hidden.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON)
        withUnsafeMutableBytes(of: &hidden.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        var check = termios()
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden) == 0, tcgetattr(STDIN_FILENO, &check) == 0,
            check.c_lflag & tcflag_t(ECHO | ICANON) == 0
        else {
            throw CLIError(
                "cannot turn off the terminal's echo, so the token is not asked for; "
                    + "pipe it to 'session-cli login --with-token' instead", code: .ioError)
        }
        console.prompt(prompt)
        let line = readHiddenBytes(limit: limit)
        console.prompt("\n")
        guard let line else {
            throw CLIError("invalid token: it is longer than \(limit) bytes", code: .badData)
        }
        return line
    }

    /// The bytes up to Enter, with Backspace and Ctrl-U applied; `nil` when
    /// more than `limit` were typed (the rest of the line is read and dropped,
    /// so it does not reach the shell).
    private static func readHiddenBytes(limit: Int) -> [UInt8]? {
        var line: [UInt8] = []
        var overflow = false
        var byte: UInt8 = 0
        while true {
            let count = systemRead(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { break }
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

/// Puts the terminal's settings back, when the prompt ends and when a signal
/// ends the tool during it.
private enum TerminalRestore {
    // Written before the handlers are installed and read by them; a signal
    // handler can touch nothing but plain memory and async-signal-safe calls.
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var previous: [Int32: sigaction] = [:]
    nonisolated(unsafe) static var previousMask = sigset_t()
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    static func install(_ settings: termios) {
        saved = settings
        // A parent may have started the tool with these signals blocked (the
        // mask survives exec); unblocked on the reading thread, they reach it.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in signals { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
        for number in signals {
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u.__sa_handler = { TerminalRestore.restoreAndDie($0) }
            #else
                action.__sigaction_handler.sa_handler = { TerminalRestore.restoreAndDie($0) }
            #endif
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(number, &action, &old)
            previous[number] = old
        }
    }

    static func uninstall() {
        // TCSANOW: the line was read; nothing typed after it should be thrown away.
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        for (number, old) in previous {
            var old = old
            sigaction(number, &old, nil)
        }
        previous = [:]
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    static func restoreAndDie(_ number: Int32) {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        _exit(128 + number)
    }
}
