/// The words of an error and the exit code it ends the tool with, declared
/// together in the folder of what throws it (`Commands/Whoami/WhoamiWords.swift`,
/// or a shared group's file).
///
/// Code that fails throws what happened, a ``CLIError`` made of one of these
/// keys and the values for its blanks, never an exit code: the code is the
/// key's. A command's documented exit codes are those of the keys it can
/// throw (``CommandSpec/exitCodes``).
///
/// ```swift
/// extension ErrorKey {
///     static var whoamiNoProvider: ErrorKey {
///         ErrorKey(.failure, "{session} has no provider to ask…", "{session} には問い合わせる…")
///     }
/// }
/// throw CLIError(.whoamiNoProvider, messages: ["session": ErrorReport.describe(key)])
/// ```
package struct ErrorKey: Sendable, Hashable {
    /// What the error says.
    package let words: MessageKey
    /// The status the tool exits with after saying it.
    package let exitCode: ExitCode

    /// An error that says `english` or `japanese` and ends with `exitCode`.
    package init(_ exitCode: ExitCode, _ english: String, _ japanese: String) {
        words = MessageKey(english, japanese)
        self.exitCode = exitCode
    }
}
