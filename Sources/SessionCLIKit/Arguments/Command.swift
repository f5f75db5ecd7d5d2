/// A command of the tool: one type that owns its spec, its typed options,
/// the checking of their values, and (in an extension where its run needs
/// more than the store) what it does.
package protocol Command: Sendable {
    /// The command's options.
    associatedtype Option: CommandOption
    /// Its name, summary, options and help text.
    static var spec: CommandSpec { get }
    /// Checks the parsed command line and keeps what `run` needs.
    ///
    /// - Throws: A usage error (64) for an invalid value.
    init(parsing arguments: ParsedArguments<Option>) throws(CLIError)
}
