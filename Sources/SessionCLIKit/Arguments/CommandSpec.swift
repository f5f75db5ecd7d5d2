/// What the parser, the help screens, the manual page and the completion
/// scripts know of a command: its name, what it does, its options and its
/// argument, examples and the exit statuses it can end with. Each command
/// type builds its own.
///
/// The exit statuses are not listed by hand: they are derived from the
/// catalogs whose errors the command can throw (``failures``: its own words
/// and the shared groups it uses), as `help exit-codes`' table is from
/// ``ExitCode``.
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
    package let argumentRefusal: ErrorKey?
    private let makeChoices: @Sendable () -> [String]
    private let makeDiscussion: @Sendable () -> Message?
    private let makeExamples: @Sendable () -> [String]
    private let makeFailures: @Sendable () -> [WordCatalog]
    private let makeOutcomes: @Sendable () -> [ExitCode]

    /// The words its argument may be, for completion (`get|store|erase`).
    package var argumentChoices: [String] { makeChoices() }
    /// The paragraphs under the options in the command's help.
    package var discussion: Message? { makeDiscussion() }
    /// Command lines that show it in use, each under 78 columns.
    package var examples: [String] { makeExamples() }
    /// The catalogs whose errors the command can throw: the tool's (the
    /// command line's and the output's, which every command can meet), its
    /// own, and the shared groups it uses.
    package var failures: [WordCatalog] { [.tool] + makeFailures() }
    /// Every exit status the command can end with, in order: 0, what it
    /// returns itself (`status`'s 1 when logged out), and every code of an
    /// error it can throw.
    package var exitCodes: [ExitCode] {
        let codes = Set([.success] + makeOutcomes()).union(failures.flatMap(\.exitCodes))
        return codes.sorted { $0.rawValue < $1.rawValue }
    }

    /// A spec whose options are every case of `option`.
    package init<Option: CommandOption>(
        name: String, summary: MessageKey, options option: Option.Type, argument: String? = nil,
        argumentChoices: @escaping @Sendable @autoclosure () -> [String] = [],
        discussion: @escaping @Sendable @autoclosure () -> Message? = nil,
        examples: @escaping @Sendable @autoclosure () -> [String] = [],
        failures: @escaping @Sendable @autoclosure () -> [WordCatalog],
        outcomes: @escaping @Sendable @autoclosure () -> [ExitCode] = [], argumentRefusal: ErrorKey? = nil
    ) {
        self.name = name
        self.summary = summary
        self.options = Option.allCases.map(\.spec)
        self.argument = argument
        self.argumentRefusal = argumentRefusal
        makeChoices = argumentChoices
        makeDiscussion = discussion
        makeExamples = examples
        makeFailures = failures
        makeOutcomes = outcomes
    }

    /// The global options.
    package static let globalOptions = GlobalOption.allCases.map(\.spec)

    /// The option called `name` (or by an alias), among the command's own and the global ones.
    func option(named name: String) -> OptionSpec? {
        (options + Self.globalOptions).first { $0.name == name || $0.aliases.contains(name) }
    }
}
