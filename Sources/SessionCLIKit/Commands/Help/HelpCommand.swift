/// `help [COMMAND|exit-codes] [--man]`: the tool's overview, one command's
/// help (the same as `COMMAND --help`), what each exit status means, or the
/// whole as a manual page in roff.
package struct HelpCommand: Command {
    /// `help`'s options.
    package enum Option: String, CommandOption {
        case man

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .man: OptionSpec(rawValue, help: .helpManHelp)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "help", summary: .helpSummary, options: Option.self, argument: "COMMAND|exit-codes",
        argumentChoices: CommandTable.commands.map { $0.spec.name } + ["exit-codes"],
        discussion: Message(.helpDiscussion),
        examples: [
            "session-cli help login",
            "session-cli help exit-codes",
            "session-cli help --man | man -l -",
        ],
        failures: [words])

    /// What is asked about.
    package enum Topic {
        case overview
        case command(CommandSpec)
        case exitCodes
    }

    package let topic: Topic
    let manualPage: Bool

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        manualPage = arguments.has(.man)
        guard let name = arguments.arguments.first else {
            topic = .overview
            return
        }
        if name == "exit-codes" {
            topic = .exitCodes
        } else if let spec = CommandTable.spec(named: name) {
            topic = .command(spec)
        } else {
            let names = CommandTable.specs.map(\.name) + ["exit-codes"]
            if let near = Suggestions.closest(to: name, among: names) {
                throw CLIError(.helpUnknownTopicNear, ["suggestion": near])
            }
            throw CLIError(.helpUnknownTopic, ["topics": names.joined(separator: ", ")])
        }
        guard !manualPage || arguments.arguments.isEmpty else { throw CLIError(.helpManTakesNoTopic) }
    }

    package func run(context: CommandContext) throws -> ExitCode {
        if manualPage {
            context.console.out(forProgram: ManualPage(language: context.language).text)
            return .success
        }
        let help = HelpText(
            language: context.language, width: ToolEntry.width(context.environment, context.console))
        switch topic {
        case .overview: context.console.out(help.overview)
        case .command(let spec): context.console.out(help.help(for: spec))
        case .exitCodes: context.console.out(help.exitCodes)
        }
        return .success
    }
}

// The help of each option above, in English and Japanese.
extension MessageKey {
    static var helpManHelp: MessageKey {
        MessageKey(
            "Print the whole help as a manual page (roff), for man -l.",
            "ヘルプ全体をマニュアルページ (roff) として出力します。man -l 用です。")
    }
}
