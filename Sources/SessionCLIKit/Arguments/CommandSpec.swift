/// What the parser, the help screens, the manual page and the completion
/// scripts know of a command: its name, what it does, its options, its
/// argument, examples and the exit statuses it can end with. Each command
/// type builds its own.
package struct CommandSpec: Sendable {
    /// The word that selects the command.
    package let name: String
    /// One line for the overview.
    package let summary: MessageKey
    /// The command's own options (the global ones come on top).
    package let options: [OptionSpec]
    /// The placeholder for the command's one argument, if it takes one.
    package let argument: String?
    /// The words its argument may be, for completion (`get|store|erase`);
    /// asked for when needed, so a spec may name the other commands.
    private let choices: @Sendable () -> [String]
    package var argumentChoices: [String] { choices() }
    /// The paragraphs under the options in the command's help.
    package let discussion: Message?
    /// Command lines that show it in use, each under 78 columns.
    package let examples: [String]
    /// Every exit status the command can end with.
    package let exitCodes: [ExitCode]
    /// What to say when the command is given an argument it does not take,
    /// when that needs more than "takes no arguments" (a token typed as one).
    package let argumentRefusal: MessageKey?

    /// A spec whose options are every case of `option`.
    package init<Option: CommandOption>(
        name: String, summary: MessageKey, options option: Option.Type, argument: String? = nil,
        argumentChoices: @escaping @Sendable @autoclosure () -> [String] = [], discussion: Message? = nil,
        examples: [String] = [],
        exitCodes: [ExitCode], argumentRefusal: MessageKey? = nil
    ) {
        self.name = name
        self.summary = summary
        self.options = Option.allCases.map(\.spec)
        self.argument = argument
        choices = argumentChoices
        self.discussion = discussion
        self.examples = examples
        self.exitCodes = exitCodes.sorted { $0.rawValue < $1.rawValue }
        self.argumentRefusal = argumentRefusal
    }

    /// The global options.
    package static let globalOptions = GlobalOption.allCases.map(\.spec)

    /// The option called `name` (or by an alias), among the command's own and the global ones.
    func option(named name: String) -> OptionSpec? {
        (options + Self.globalOptions).first { $0.name == name || $0.aliases.contains(name) }
    }
}
