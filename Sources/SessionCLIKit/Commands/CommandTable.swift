/// Every command the tool knows, and the parsing of a whole command line
/// into one of them.
///
/// `session-cli` and its companion `session-cli-api` parse with the same
/// table, so both accept and refuse exactly the same command lines.
package enum CommandTable {
    /// The commands, in the order the overview lists them.
    package static let commands: [any Command.Type] = [
        LoginCommand.self, LogoutCommand.self, StatusCommand.self, SwitchCommand.self, TokenCommand.self,
        WhoamiCommand.self, APICommand.self, GitCredentialCommand.self, SetupGitCommand.self,
        KubeCredentialCommand.self,
        CompletionCommand.self, HelpCommand.self,
    ]

    /// The specs, in the order the overview lists them.
    package static let specs = commands.map { $0.spec }

    /// What a command line asks for.
    package enum Invocation: Sendable {
        /// `--version`, anywhere.
        case version
        /// Help: the tool's (no command, or `--help` without one) or a
        /// command's (`COMMAND --help`).
        case help(CommandSpec?)
        /// A command to run, with the global options.
        case run(any Command, ParsedArguments<GlobalOption>)
    }

    /// Parses `arguments` (without the program's name).
    ///
    /// - Throws: A usage error (64) naming what is wrong.
    package static func parse(_ arguments: [String]) throws(CLIError) -> Invocation {
        let parsed = try ArgumentParser.parse(arguments, commands: specs)
        if parsed.wantsVersion { return .version }
        guard let index = parsed.command else { return .help(nil) }
        if parsed.wantsHelp { return .help(specs[index]) }
        return .run(try make(commands[index], parsed.raw), ParsedArguments(raw: parsed.raw))
    }

    private static func make<C: Command>(_ type: C.Type, _ raw: RawArguments) throws(CLIError) -> any Command
    {
        try C(parsing: ParsedArguments(raw: raw))
    }

    /// The spec of the command called `name`.
    package static func spec(named name: String) -> CommandSpec? {
        specs.first { $0.name == name }
    }
}
