public import Foundation
public import SessionCore

#if canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#elseif canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#endif

/// The credential `login` saves, with its token read from standard input or
/// typed at a prompt with echo off. The token is never an argument.
public struct TokenInputProvider: CredentialProvider {
    /// Where the token comes from.
    public enum Source: Sendable {
        /// Standard input, to its end, with one trailing newline removed (`--with-token`).
        case standardInput
        /// A prompt on the terminal with echo turned off.
        case prompt
    }

    let source: Source
    let account: String?
    let server: URL?
    let lifetime: TimeInterval?

    public init(source: Source, account: String?, server: URL?, lifetime: TimeInterval?) {
        self.source = source
        self.account = account
        self.server = server
        self.lifetime = lifetime
    }

    public func credential() async throws -> Credential {
        let bytes = source == .standardInput ? try readStandardInput() : try readHiddenLine()
        let token: AuthToken
        do {
            token = try AuthToken(String(decoding: withoutTrailingNewline(bytes), as: UTF8.self))
        } catch let error as AuthTokenError {
            throw CLIError("invalid token on standard input: \(error)", code: .badData)
        }
        let now = Date()
        return Credential(
            token: token, account: account, server: server, issuedAt: now,
            expiresAt: lifetime.map { now.addingTimeInterval($0) })
    }

    /// Reads at most a little more than the longest token, so an endless
    /// stream (`yes | session-cli login --with-token`) ends in an error, not a hang.
    private func readStandardInput() throws -> [UInt8] {
        if Console.isTerminal(STDIN_FILENO) {
            // Typed, not piped: say what the silence is waiting for.
            Console.error("Reading the token from standard input; paste it, then press Enter and Ctrl-D.")
        }
        let limit = AuthToken.maximumLength + 2
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw CLIError(
                    "cannot read standard input: \(String(cString: strerror(errno)))", code: .ioError)
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
        throw CLIError(
            "invalid token on standard input: it is longer than \(AuthToken.maximumLength) bytes",
            code: .badData)
    }

    /// Asks on standard error and reads one line from the terminal with echo off.
    ///
    /// Echo goes off before the prompt appears: TCSAFLUSH discards pending
    /// input, so a token typed or pasted right after the prompt must not
    /// reach the terminal before the switch, or it is lost and the read waits
    /// forever.
    private func readHiddenLine() throws -> [UInt8] {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
            throw CLIError(
                "cannot read the terminal's settings; pipe the token to --with-token instead", code: .ioError)
        }
        TerminalEcho.saved = settings
        signal(SIGINT) { _ in TerminalEcho.restoreAndExit() }
        settings.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        defer {
            TerminalEcho.restore()
            signal(SIGINT, SIG_DFL)
            Console.write("\n", to: STDERR_FILENO)
        }
        Console.write("Paste your token (input is hidden): ", to: STDERR_FILENO)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count <= AuthToken.maximumLength + 1 {
            let count = systemRead(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || byte == 0x0A { break }
            line.append(byte)
        }
        return line
    }

    private func withoutTrailingNewline(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var slice = bytes[...]
        if slice.last == 0x0A {
            slice.removeLast()
            if slice.last == 0x0D { slice.removeLast() }
        }
        return slice
    }
}

/// The terminal settings to put back when the prompt ends, even on Ctrl-C.
private enum TerminalEcho {
    // Written once before the SIGINT handler is installed, read by the handler.
    nonisolated(unsafe) static var saved = termios()

    static func restore() {
        // TCSANOW: the input was read; nothing typed after it should be thrown away.
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    static func restoreAndExit() {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        _exit(130)
    }
}
