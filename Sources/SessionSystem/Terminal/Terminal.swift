#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The terminal: whether a descriptor is one, its width, and the settings a
/// prompt changes to read a token unseen.
package enum Terminal {
    /// The terminal's settings (`termios`) as they were, to put back.
    package struct Settings: @unchecked Sendable {
        var values: termios
    }

    /// Whether `fd` is a terminal (a person typing or reading, not a pipe or a file).
    package static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// The terminal's width in columns, or `nil` when `fd` is not a terminal.
    package static func columns(_ fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Standard input's settings now, or `nil` when they cannot be read.
    package static func inputSettings() -> Settings? {
        var values = termios()
        guard tcgetattr(STDIN_FILENO, &values) == 0 else { return nil }
        return Settings(values: values)
    }

    /// Turns echo off and reads a byte at a time (non-canonical, so a long
    /// token is not cut at the terminal's line limit), discarding input not
    /// yet read. Reads the settings back: `false` unless echo is off.
    package static func hideInput(from original: Settings) -> Bool {
        var hidden = original.values
        hidden.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON)
        withUnsafeMutableBytes(of: &hidden.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        var check = termios()
        return tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden) == 0 && tcgetattr(STDIN_FILENO, &check) == 0
            && check.c_lflag & tcflag_t(ECHO | ICANON) == 0
    }
}

/// The three descriptors every process starts with.
package enum StandardDescriptor {
    package static var input: Int32 { STDIN_FILENO }
    package static var output: Int32 { STDOUT_FILENO }
    package static var error: Int32 { STDERR_FILENO }
}
