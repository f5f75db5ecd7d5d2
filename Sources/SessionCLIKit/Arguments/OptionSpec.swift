/// One option a command accepts: its name, its value's placeholder, its help.
package struct OptionSpec: Sendable {
    /// The name without the leading `--`.
    package let name: String
    /// The placeholder for the option's value; `nil` for a flag.
    package let valueName: String?
    /// One line for the help screen.
    package let help: String
    /// Whether the option may be given more than once (`--header`).
    package let repeatable: Bool

    /// An option spec; `value` is the placeholder of an option that takes one.
    package init(_ name: String, value valueName: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.valueName = valueName
        self.repeatable = repeatable
        self.help = help
    }

    var takesValue: Bool { valueName != nil }
    var usage: String { "--\(name)" + (valueName.map { " \($0)" } ?? "") }
}
