/// A command of the tool: its options, their checks and its whole run, in
/// one type.
///
/// A command that needs the network asks its context for it
/// (``CommandContext/network()``) and calls the narrow ``Network``
/// interface: the same code runs in `session-cli`, which hands over to
/// `session-cli-api` at that point, in `session-cli-api`, and in a test
/// with a stub network.
///
/// Adding a command is this type in a file of its own under `Commands/`, a
/// line in ``CommandTable/commands``, and its tests.
package protocol Command: Sendable {
    /// The command's options, as an enum (``NoOption`` for none).
    associatedtype Option: CommandOption
    /// Its name, summary, options and help text.
    static var spec: CommandSpec { get }
    /// Its words, declared in its folder's `…Words.swift`.
    static var words: WordCatalog { get }
    /// Checks the parsed command line and keeps what running needs.
    ///
    /// - Throws: A usage error (64) for an invalid value.
    init(parsing arguments: ParsedArguments<Option>) throws(CLIError)
    /// Runs the command.
    ///
    /// - Returns: The exit status.
    /// - Throws: A ``CLIError``, or a store error that ``ErrorReport`` words.
    func run(context: CommandContext) throws -> ExitCode
}
