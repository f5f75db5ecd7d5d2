import Foundation
package import SessionCore

/// What every command needs, decided once from the global options and the
/// environment: the store, the language and the style.
package struct CommandContext: Sendable {
    /// The session file.
    package let store: FileLoginStateStore
    /// The language of the output.
    package let language: Language
    /// Whether the button label is colored.
    package let style: Style

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
    }

    /// "alice on https://api.example.com", or as much of it as the credential knows.
    package static func describe(_ credential: Credential) -> String {
        [credential.account, credential.server.map { "on \($0.absoluteString)" }].compactMap { $0 }
            .joined(separator: " ")
    }
}
