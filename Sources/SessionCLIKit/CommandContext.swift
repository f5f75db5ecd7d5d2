import Foundation
public import SessionCore

/// What every command needs, decided once from the global options and the
/// environment: the store, the language and the style.
public struct CommandContext: Sendable {
    public let store: FileLoginStateStore
    public let language: Language
    public let style: Style

    /// - Throws: A usage error for an invalid `--store`, `--lang` or `--color`.
    public init(invocation: Invocation, environment: [String: String] = Environment.current())
        throws(CLIError)
    {
        store = try StoreLocation.resolve(option: invocation.value("store"), environment: environment)
        language = try Language(option: invocation.value("lang"), environment: environment)
        style = try Style(
            option: invocation.value("color"), environment: environment,
            outputIsTerminal: Console.isTerminal(STDOUT_FILENO))
    }

    /// "alice on https://api.example.com", or as much of it as the credential knows.
    public static func describe(_ credential: Credential) -> String {
        [credential.account, credential.server.map { "on \($0.absoluteString)" }].compactMap { $0 }
            .joined(separator: " ")
    }
}
