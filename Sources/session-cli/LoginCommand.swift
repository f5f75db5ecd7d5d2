import Foundation
import SessionCLIKit
import SessionCore

/// `login`: validate the options, read the token, save the session.
enum LoginCommand {
    /// Ten years: longer is a typo, not a token lifetime.
    static let longestLifetime = 315_360_000

    static func run(_ invocation: Invocation, context: CommandContext) async throws -> ExitCode {
        let server = try invocation.value("server").map(parseServer)
        let account = try invocation.value("user").map(parseAccount)
        let lifetime = try invocation.value("expires-in").map(parseLifetime)
        let source = try tokenSource(invocation)

        // A session file that cannot be read is reported, not silently replaced.
        let previous = try context.store.load().credential
        let provider = TokenInputProvider(
            source: source, account: account, server: server, lifetime: lifetime)
        let state = try await Login(provider: provider).perform(with: context.store)

        let who =
            state.credential.map(CommandContext.describe).flatMap { $0.isEmpty ? nil : " as \($0)" } ?? ""
        Console.out("Logged in\(who).")
        if let previous {
            let old = CommandContext.describe(previous)
            Console.out("Replaced the previous session\(old.isEmpty ? "" : " (\(old))").")
        }
        return .success
    }

    private static func tokenSource(_ invocation: Invocation) throws(CLIError) -> TokenInputProvider.Source {
        if invocation.has("with-token") { return .standardInput }
        if Console.isTerminal(STDIN_FILENO) { return .prompt }
        throw .init(
            "no token: standard input is not a terminal; pipe the token with "
                + "printf '%s' \"$TOKEN\" | session-cli login --with-token", code: .usage)
    }

    private static func parseServer(_ text: String) throws(CLIError) -> URL {
        do {
            return try Credential.serverURL(from: text)
        } catch {
            throw .init("invalid --server: \(error)", code: .usage)
        }
    }

    private static func parseAccount(_ text: String) throws(CLIError) -> String {
        guard !text.isEmpty, text.count <= 256,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw .init("invalid --user: give 1 to 256 characters with no control characters", code: .usage)
        }
        return text
    }

    private static func parseLifetime(_ text: String) throws(CLIError) -> TimeInterval {
        guard let seconds = Int(text), (1...longestLifetime).contains(seconds) else {
            throw .init(
                "invalid --expires-in: give a whole number of seconds from 1 to \(longestLifetime)",
                code: .usage)
        }
        return TimeInterval(seconds)
    }
}
