package import SessionCore
import SessionSupport

/// What every command needs, decided once from the global options and the
/// environment: the store, the language and the style.
package struct CommandContext: Sendable {
    /// The session file.
    package let store: FileLoginStateStore
    /// The language of the output.
    package let language: Language
    /// Whether the button label is colored.
    package let style: Style
    /// `SESSION_CLI_TOKEN`, when set: it overrides the stored session for
    /// `token` and `api`, and `login` and `logout` refuse to run.
    package let overrideToken: String?

    /// - Throws: A usage error for an invalid `--store`, `--lang` or `--color`.
    package init(
        globals: ParsedArguments<GlobalOption>, environment: [String: String] = Environment.current()
    )
        throws(CLIError)
    {
        store = try StoreLocation.resolve(option: globals.value(.store), environment: environment)
        language = try Language(option: globals.value(.lang), environment: environment)
        style = try Style(
            option: globals.value(.color), environment: environment,
            outputIsTerminal: Console.isTerminal(STDOUT_FILENO))
        overrideToken = environment["SESSION_CLI_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The token of `SESSION_CLI_TOKEN`, checked like any token.
    ///
    /// - Throws: Exit 65 when it is not a valid token (the message never shows it).
    package func overrideAuthToken() throws(CLIError) -> AuthToken? {
        guard let overrideToken else { return nil }
        do {
            return try AuthToken(overrideToken)
        } catch {
            throw CLIError("SESSION_CLI_TOKEN is not a valid token: \(error)", code: .badData)
        }
    }

    /// Refuses a command that would change the stored session while
    /// `SESSION_CLI_TOKEN` overrides it (gh's rule for GH_TOKEN).
    package func refuseWhileOverridden(_ command: String) throws(CLIError) {
        guard overrideToken != nil else { return }
        throw .usage(
            "SESSION_CLI_TOKEN is set, and token and api use it instead of the stored session; "
                + "unset it to \(command)")
    }

    /// "alice on https://api.example.com", or as much of it as the credential knows.
    package static func describe(_ credential: Credential) -> String {
        [credential.account, credential.server.map { "on \($0.absoluteString)" }].compactMap { $0 }
            .joined(separator: " ")
    }
}
