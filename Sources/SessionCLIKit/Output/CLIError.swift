/// What went wrong, as the tool tells it: one line on standard error, then
/// the exit code of the error's key (``ErrorKey``).
///
/// The message never contains a token: it is built from what the tool knows
/// about the failure, not from the input that caused it. What the library
/// throws becomes one in ``ErrorReport/cliError(for:)``.
package struct CLIError: Error, Sendable {
    /// The line after `session-cli: `, in the catalog.
    package let message: Message
    /// The exit status: the key's.
    package let code: ExitCode

    /// The error `key`, its blanks filled with `values`.
    package init(_ key: ErrorKey, _ values: KeyValuePairs<String, String> = [:]) {
        message = Message(key.words, values)
        code = key.exitCode
    }

    /// The error `key`, with text and other messages in its blanks.
    package init(
        _ key: ErrorKey, _ values: KeyValuePairs<String, String> = [:],
        messages: KeyValuePairs<String, Message>
    ) {
        message = Message(key.words, values, messages: messages)
        code = key.exitCode
    }

    /// `error` said in words made around its own (a hint after it): it ends as `error` does.
    package init(_ message: Message, as error: CLIError) {
        self.message = message
        code = error.code
    }
}
