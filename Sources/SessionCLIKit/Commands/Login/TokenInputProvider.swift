package import SessionCore
package import SessionSupport

/// The credential `login` saves, with its token read from standard input or
/// typed at a prompt with echo off. The token is never an argument.
package struct TokenInputProvider: CredentialProvider {
    /// Where the token comes from.
    package enum Source: Sendable {
        /// Standard input, to its end, with one trailing newline removed (`--with-token`).
        case standardInput
        /// A prompt on the terminal with echo turned off.
        case prompt
    }

    let source: Source
    let account: String?
    let server: URL?
    let lifetime: TimeInterval?

    package init(source: Source, account: String?, server: URL?, lifetime: TimeInterval?) {
        self.source = source
        self.account = account
        self.server = server
        self.lifetime = lifetime
    }

    package func credential() async throws -> Credential {
        let bytes =
            source == .standardInput
            ? try readStandardInput()
            : try HiddenPrompt.readLine(
                prompt: "Paste your token (input is hidden): ", limit: AuthToken.maximumLength)
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

    private func withoutTrailingNewline(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var slice = bytes[...]
        if slice.last == 0x0A {
            slice.removeLast()
            if slice.last == 0x0D { slice.removeLast() }
        }
        return slice
    }
}
