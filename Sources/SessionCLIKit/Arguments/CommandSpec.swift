/// What the parser and the help screens know of a command: its name, what it
/// does, its options and its argument. Each command type builds its own.
package struct CommandSpec: Sendable {
    /// The word that selects the command.
    package let name: String
    /// One line for the overview.
    package let summary: String
    /// The command's own options (the global ones come on top).
    package let options: [OptionSpec]
    /// The placeholder for the command's one argument, if it takes one.
    package let argument: String?
    /// The text under the options in the command's help.
    package let discussion: String
    /// What to say when the command is given an argument it does not take,
    /// when that needs more than "takes no arguments" (a token typed as one).
    package let argumentRefusal: String?

    /// A spec whose options are every case of `option`.
    package init<Option: CommandOption>(
        name: String, summary: String, options option: Option.Type, argument: String? = nil,
        discussion: String = "", argumentRefusal: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.options = Option.allCases.map(\.spec)
        self.argument = argument
        self.discussion = discussion
        self.argumentRefusal = argumentRefusal
    }

    /// The global options.
    package static let globalOptions = GlobalOption.allCases.map(\.spec)
}
