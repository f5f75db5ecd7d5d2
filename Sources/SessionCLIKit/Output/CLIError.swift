/// A failure the tool reports as one line on standard error, then exits with `code`.
///
/// The message never contains a token: it is built from what the tool knows
/// about the failure, not from the input that caused it.
package struct CLIError: Error, Sendable {
    /// The line after `session-cli: `.
    package let message: String
    /// The exit status.
    package let code: ExitCode

    /// An error with its message and exit status.
    package init(_ message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    static func usage(_ message: String) -> CLIError { CLIError(message, code: .usage) }
}
