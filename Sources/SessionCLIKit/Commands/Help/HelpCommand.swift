/// `help [COMMAND]`: the tool's overview, or one command's help (the same as
/// `COMMAND --help`).
package struct HelpCommand: Command {
    package typealias Option = NoOption

    package static let spec = CommandSpec(
        name: "help", summary: "Show help for the tool or a command.", options: Option.self,
        argument: "COMMAND")

    /// The command asked about; `nil` for the overview.
    package let topic: CommandSpec?

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        guard let name = arguments.arguments.first else {
            topic = nil
            return
        }
        guard let topic = CommandTable.spec(named: name) else {
            let names = CommandTable.specs.map(\.name).joined(separator: ", ")
            throw .usage("no help for an unknown command; commands: \(names)")
        }
        self.topic = topic
    }

    package func run(context: CommandContext) throws -> ExitCode {
        context.console.out(topic.map(HelpText.help(for:)) ?? HelpText.overview)
        return .success
    }
}
