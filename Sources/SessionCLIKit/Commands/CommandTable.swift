/// Every command the tool knows, and the parsing of a whole command line
/// into one of them.
///
/// `session-cli` and its companion `session-cli-api` parse with the same
/// table, so both accept and refuse exactly the same command lines.
package enum CommandTable {
    /// The specs in the order the overview lists them.
    package static let specs = [
        LoginCommand.spec, LogoutCommand.spec, StatusCommand.spec, TokenCommand.spec, APICommand.spec,
        HelpCommand.spec,
    ]

    /// What a command line asks for.
    package enum Invocation: Sendable {
        /// `--version`, anywhere.
        case version
        /// The tool's help: no command, or `--help` without one.
        case overview
        /// `COMMAND --help`.
        case help(CommandSpec)
        /// A command to run, with the global options.
        case run(ParsedCommand, ParsedArguments<GlobalOption>)
    }

    /// One command, its options checked.
    package enum ParsedCommand: Sendable {
        case login(LoginCommand)
        case logout(LogoutCommand)
        case status(StatusCommand)
        case token(TokenCommand)
        case api(APICommand)
        case help(HelpCommand)
    }

    /// Parses `arguments` (without the program's name).
    ///
    /// - Throws: A usage error (64) naming what is wrong.
    package static func parse(_ arguments: [String]) throws(CLIError) -> Invocation {
        let parsed = try ArgumentParser.parse(arguments, commands: specs)
        if parsed.wantsVersion { return .version }
        guard let spec = parsed.command else { return .overview }
        if parsed.wantsHelp { return .help(spec) }
        let globals = ParsedArguments<GlobalOption>(raw: parsed.raw)
        let command: ParsedCommand =
            switch spec.name {
            case LoginCommand.spec.name: .login(try LoginCommand(parsing: .init(raw: parsed.raw)))
            case LogoutCommand.spec.name: .logout(try LogoutCommand(parsing: .init(raw: parsed.raw)))
            case StatusCommand.spec.name: .status(try StatusCommand(parsing: .init(raw: parsed.raw)))
            case TokenCommand.spec.name: .token(try TokenCommand(parsing: .init(raw: parsed.raw)))
            case APICommand.spec.name: .api(try APICommand(parsing: .init(raw: parsed.raw)))
            default: .help(try HelpCommand(parsing: .init(raw: parsed.raw)))
            }
        return .run(command, globals)
    }

    /// The spec of the command called `name`.
    package static func spec(named name: String) -> CommandSpec? {
        specs.first { $0.name == name }
    }
}
