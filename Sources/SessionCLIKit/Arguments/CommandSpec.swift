/// What the parser, the help screens, the manual page and the completion
/// scripts know of a command: its name, what it does, its options and its
/// argument, examples and the exit statuses it can end with. Each command
/// type builds its own.
///
/// Every run of the tool builds the spec of every command to parse its
/// command line, so what only the help reads is made when the help asks
/// for it (``discussion``, ``examples``, ``exitCodes``, ``argumentChoices``).
package struct CommandSpec: Sendable {
    /// The word that selects the command.
    package let name: String
    /// One line for the overview.
    package let summary: MessageKey
    /// The command's own options (the global ones come on top).
    package let options: [OptionSpec]
    /// The placeholder for the command's one argument, if it takes one.
    package let argument: String?
    /// What to say when the command is given an argument it does not take,
    /// when that needs more than "takes no arguments" (a token typed as one).
    package let argumentRefusal: MessageKey?
    private let makeChoices: @Sendable () -> [String]
    private let makeDiscussion: @Sendable () -> Message?
    private let makeExamples: @Sendable () -> [String]
    private let makeExitCodes: @Sendable () -> [ExitCode]

    /// The words its argument may be, for completion (`get|store|erase`).
    package var argumentChoices: [String] { makeChoices() }
    /// The paragraphs under the options in the command's help.
    package var discussion: Message? { makeDiscussion() }
    /// Command lines that show it in use, each under 78 columns.
    package var examples: [String] { makeExamples() }
    /// Every exit status the command can end with, in order.
    package var exitCodes: [ExitCode] { makeExitCodes().sorted { $0.rawValue < $1.rawValue } }

    /// A spec whose options are every case of `option`.
    package init<Option: CommandOption>(
        name: String, summary: MessageKey, options option: Option.Type, argument: String? = nil,
        argumentChoices: @escaping @Sendable @autoclosure () -> [String] = [],
        discussion: @escaping @Sendable @autoclosure () -> Message? = nil,
        examples: @escaping @Sendable @autoclosure () -> [String] = [],
        exitCodes: @escaping @Sendable @autoclosure () -> [ExitCode], argumentRefusal: MessageKey? = nil
    ) {
        self.name = name
        self.summary = summary
        self.options = Option.allCases.map(\.spec)
        self.argument = argument
        self.argumentRefusal = argumentRefusal
        makeChoices = argumentChoices
        makeDiscussion = discussion
        makeExamples = examples
        makeExitCodes = exitCodes
    }

    /// The global options.
    package static let globalOptions = GlobalOption.allCases.map(\.spec)

    /// The option called `name` (or by an alias), among the command's own and the global ones.
    func option(named name: String) -> OptionSpec? {
        (options + Self.globalOptions).first { $0.name == name || $0.aliases.contains(name) }
    }
}
