import SessionCore
import SessionSupport

/// The credential `login` saves from a token read from standard input
/// (`--with-token`) or typed at a prompt with echo off. The token is never
/// an argument.
struct TokenInput: CredentialProvider {
    /// Where the token comes from.
    enum Source {
        /// Standard input, to its end, with one trailing newline removed.
        case standardInput
        /// A prompt on the terminal with echo turned off.
        case prompt
    }

    let source: Source
    let account: String?
    let server: URL?
    let lifetime: TimeInterval?
    let input: StandardInput
    let console: Console
    let now: @Sendable () -> Date

    func credential() async throws -> Credential {
        let bytes: [UInt8]
        switch source {
        case .prompt:
            bytes = try input.hiddenLine(
                prompt: "Paste your token (input is hidden): ", limit: SessionLimits.tokenLength,
                console: console)
        case .standardInput:
            if input.isTerminal {
                // Typed, not piped: say what the silence is waiting for.
                console.error("Reading the token from standard input; paste it, then press Enter and Ctrl-D.")
            }
            // A little more than the longest token, so the two-byte line end fits.
            guard let read = try input.readToEnd(limit: SessionLimits.tokenLength + 2) else {
                throw CLIError(
                    "invalid token on standard input: it is longer than \(SessionLimits.tokenLength) bytes",
                    code: .badData)
            }
            bytes = read
        }
        let token: AuthToken
        do {
            token = try AuthToken(String(decoding: Self.withoutTrailingNewline(bytes), as: UTF8.self))
        } catch {
            throw CLIError("invalid token on standard input: \(error)", code: .badData)
        }
        let date = now()
        return Credential(
            token: token, account: account, server: server, issuedAt: date,
            expiresAt: lifetime.map { date.addingTimeInterval($0) })
    }

    private static func withoutTrailingNewline(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var slice = bytes[...]
        if slice.last == 0x0A {
            slice.removeLast()
            if slice.last == 0x0D { slice.removeLast() }
        }
        return slice
    }
}
