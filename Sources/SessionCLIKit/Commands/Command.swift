/// Something the tool parses from a command line: a command, or `help`.
///
/// One type owns its spec, its typed options and the checking of their
/// values, so a mistyped option does not compile and both executables parse
/// alike.
package protocol ParsableCommand: Sendable {
    /// The command's options.
    associatedtype Option: CommandOption
    /// Its name, summary, options and help text.
    static var spec: CommandSpec { get }
    /// Checks the parsed command line and keeps what running needs.
    ///
    /// - Throws: A usage error (64) for an invalid value.
    init(parsing arguments: ParsedArguments<Option>) throws(CLIError)
}

/// A command of the tool: it parses its options and runs, in one type.
///
/// The dispatcher (``ToolEntry``) asks it once whether this run needs the
/// networking companion. If not, ``run(context:)`` runs it here, in
/// `session-cli`, which links no networking and so starts fast. If it does,
/// `session-cli` hands the command line to `session-cli-api`, where the
/// command's networking half (in `SessionCLINetworking`, beside a file of the
/// same name) runs it.
package protocol Command: ParsableCommand {
    /// Refuses to run now, before anything else happens (a login while
    /// `SESSION_CLI_TOKEN` overrides the session). The default allows.
    func check(context: CommandContext) throws
    /// Whether this run needs networking: sign in, revoke, refresh, send.
    /// Decided once, from the options and the store. The default is no.
    func needsNetworking(context: CommandContext) throws -> Bool
    /// Runs what needs no networking.
    func run(context: CommandContext) throws -> ExitCode
}

extension Command {
    /// Allows.
    package func check(context: CommandContext) throws {}
    /// Needs no networking.
    package func needsNetworking(context: CommandContext) throws -> Bool { false }
}
