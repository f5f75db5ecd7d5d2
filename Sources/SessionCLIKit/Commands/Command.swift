/// A command of the tool: its options, their checks and its whole run, in
/// one type.
///
/// A command that needs the network asks its context for it
/// (``CommandContext/network()``) and calls the narrow ``Network``
/// interface: the same code runs in `session-cli`, which hands over to
/// `session-cli-api` at that point, in `session-cli-api`, and in a test
/// with a stub network.
///
/// Adding a command is a folder under `Commands/` (this type, and its words
/// and errors in `…Words.swift`), a line in ``CommandTable/commands``, and,
/// when it asks the network something new, that one requirement of
/// ``Network``.
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
    /// - Throws: What happened: a ``CLIError`` of one of the catalogs its
    ///   spec names in `failures`, or a library error that
    ///   ``ErrorReport/cliError(for:)`` words; never an exit code.
    func run(context: CommandContext) throws -> ExitCode
}
