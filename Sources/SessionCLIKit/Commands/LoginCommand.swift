import Foundation
import SessionCore

/// `login`: check the options, read the token, save the session.
package struct LoginCommand: Command {
    /// `login`'s options.
    package enum Option: String, CommandOption {
        case withToken = "with-token"
        case server
        case user
        case expiresIn = "expires-in"

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .withToken:
                OptionSpec(
                    rawValue, help: "Read the token from standard input (one trailing newline is removed).")
            case .server:
                OptionSpec(
                    rawValue, value: "URL",
                    help: "The server the token belongs to (https, or http to this machine).")
            case .user: OptionSpec(rawValue, value: "NAME", help: "The account the token belongs to.")
            case .expiresIn:
                OptionSpec(
                    rawValue, value: "SECONDS", help: "How long the token stays valid (default: no expiry).")
            }
        }
    }

    package static let spec = CommandSpec(
        name: "login", summary: "Log in with a token and save the session.", options: Option.self,
        discussion: """
            The token is never an argument: other users can read arguments with ps.
            Without --with-token, on a terminal, the token is asked for with echo off.
            Logging in again replaces the session.

            Example:
              printf '%s' "$TOKEN" | session-cli login --with-token --server https://api.example.com --user alice
            """)

    /// Ten years: longer is a typo, not a token lifetime.
    static let longestLifetime = 315_360_000

    let server: URL?
    let account: String?
    let lifetime: TimeInterval?
    let readsStandardInput: Bool

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        server = try arguments.value(.server).map(Self.parseServer)
        account = try arguments.value(.user).map(Self.parseAccount)
        lifetime = try arguments.value(.expiresIn).map(Self.parseLifetime)
        readsStandardInput = arguments.has(.withToken)
    }

    /// Reads the token and saves the session, replacing any other.
    package func run(context: CommandContext) async throws -> ExitCode {
        let source = try tokenSource()
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

    private func tokenSource() throws(CLIError) -> TokenInputProvider.Source {
        if readsStandardInput { return .standardInput }
        if Console.isTerminal(STDIN_FILENO) { return .prompt }
        throw .usage(
            "no token: standard input is not a terminal; pipe the token with "
                + "printf '%s' \"$TOKEN\" | session-cli login --with-token")
    }

    private static func parseServer(_ text: String) throws(CLIError) -> URL {
        do {
            return try Credential.serverURL(from: text)
        } catch {
            throw .usage("invalid --server: \(error)")
        }
    }

    private static func parseAccount(_ text: String) throws(CLIError) -> String {
        guard !text.isEmpty, text.count <= 256,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw .usage("invalid --user: give 1 to 256 characters with no control characters")
        }
        return text
    }

    private static func parseLifetime(_ text: String) throws(CLIError) -> TimeInterval {
        guard let seconds = Int(text), (1...longestLifetime).contains(seconds) else {
            throw .usage("invalid --expires-in: give a whole number of seconds from 1 to \(longestLifetime)")
        }
        return TimeInterval(seconds)
    }
}
