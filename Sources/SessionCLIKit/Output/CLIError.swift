/// A failure the tool reports as one line on standard error, then exits with `code`.
///
/// The message never contains a token: it is built from what the tool knows
/// about the failure, not from the input that caused it.
package struct CLIError: Error, Sendable {
    /// The line after `session-cli: `, in the catalog.
    package let message: Message
    /// The exit status.
    package let code: ExitCode

    /// An error with its message and exit status.
    package init(_ message: Message, code: ExitCode) {
        self.message = message
        self.code = code
    }

    /// An error with the catalog's `key`, its blanks filled with `values`.
    package init(_ key: MessageKey, _ values: KeyValuePairs<String, String> = [:], code: ExitCode) {
        self.init(Message(key, values), code: code)
    }

    /// A usage error (64).
    static func usage(_ key: MessageKey, _ values: KeyValuePairs<String, String> = [:]) -> CLIError {
        CLIError(Message(key, values), code: .usage)
    }

    /// A usage error (64) with a message made elsewhere.
    static func usage(_ message: Message) -> CLIError { CLIError(message, code: .usage) }
}
