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
        /// A prompt on the terminal with echo turned off (`login`, and
        /// `login --with-token` when standard input is a terminal).
        case prompt
    }

    let source: Source
    let account: String?
    let server: URL?
    let lifetime: TimeInterval?
    /// The CA file and client certificate for the server (`--ca-file`, `--client-cert`).
    var connection = ConnectionSettings()
    let input: StandardInput
    let context: CommandContext

    func credential() async throws -> Credential {
        let bytes: [UInt8]
        let origin = Message(source == .prompt ? .tokenSourcePrompt : .tokenSourceStandardInput)
        let tooLong = CLIError(
            .invalidTokenIn,
            messages: [
                "source": origin,
                "reason": Message(.tokenLongerThan, ["limit": String(SessionLimits.tokenLength)]),
            ])
        switch source {
        case .prompt:
            // On a terminal, with or without --with-token: what is pasted never shows.
            let prompt = context.text(Message(.tokenPrompt))
            guard
                let line = try input.hiddenLine(
                    prompt: prompt, limit: SessionLimits.tokenLength, console: context.console)
            else { throw tooLong }
            bytes = line
        case .standardInput:
            // A little more than the longest token, so the two-byte line end fits.
            guard let read = try input.readToEnd(limit: SessionLimits.tokenLength + 2) else { throw tooLong }
            bytes = read
        }
        let token: AuthToken
        do {
            token = try AuthToken(String(decoding: Self.withoutTrailingNewline(bytes), as: UTF8.self))
        } catch {
            throw CLIError(
                .invalidTokenIn, messages: ["source": origin, "reason": ErrorReport.reason(error)])
        }
        let date = context.now()
        return Credential(
            token: token, account: account, server: server, issuedAt: date,
            expiresAt: lifetime.map { date.addingTimeInterval($0) }, connection: connection)
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
