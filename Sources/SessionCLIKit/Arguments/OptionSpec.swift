package import SessionSystem

/// One option a command accepts: its names, its value, its help, and how a
/// shell completes it.
package struct OptionSpec: Sendable {
    /// What a shell offers for an option's value.
    package enum Completion: Sendable, Equatable {
        /// Nothing to offer: a free value (an ID, a number, a header).
        case none
        /// One of these words (`--secrets file|keyring`).
        case choices([String])
        /// A path.
        case file
        /// The servers of the store's sessions (their origins).
        case server
        /// The accounts of the store's sessions.
        case account
    }

    /// The name without the leading `--`.
    package let name: String
    /// The one-letter name (`-f`), if it has one.
    package let short: Character?
    /// Other names it answers to (`--user` for `--account` at login): kept
    /// working, listed in the help, never suggested.
    package let aliases: [String]
    /// The placeholder for the option's value; `nil` for a flag.
    package let valueName: String?
    /// One line for the help screen.
    package let help: MessageKey
    /// Whether the option may be given more than once (`--header`).
    package let repeatable: Bool
    /// The environment variable that gives the value when the option is
    /// not given, if one does.
    package let environment: EnvironmentVariable?
    private let givenCompletion: Completion?

    /// What a shell offers for the value: what the spec says, else the
    /// choices its placeholder names (`file|keyring`).
    package var completion: Completion {
        if let givenCompletion { return givenCompletion }
        let choices = valueName.map { $0.split(separator: "|").map(String.init) } ?? []
        return choices.count > 1 ? .choices(choices) : .none
    }

    /// An option spec; `value` is the placeholder of an option that takes one.
    package init(
        _ name: String, short: Character? = nil, aliases: [String] = [], value valueName: String? = nil,
        repeatable: Bool = false, environment: EnvironmentVariable? = nil, completion: Completion? = nil,
        help: MessageKey
    ) {
        self.name = name
        self.short = short
        self.aliases = aliases
        self.valueName = valueName
        self.repeatable = repeatable
        self.environment = environment
        self.help = help
        givenCompletion = completion
    }

    var takesValue: Bool { valueName != nil }
    /// `--name VALUE`, as usage lines and errors show it.
    package var usage: String { "--\(name)" + (valueName.map { " \($0)" } ?? "") }
    /// Every name as the help lists it: `-f, --raw-field KEY=VALUE` and its aliases.
    package var names: String {
        let long = (short.map { "-\($0), " } ?? "") + usage
        return ([long] + aliases.map { "--\($0)" }).joined(separator: ", ")
    }
}
