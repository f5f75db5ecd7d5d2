/// The options of a command that has none.
package enum NoOption: CommandOption {
    /// There is no option to make.
    package init?(rawValue: String) { nil }
    /// Never called: there is no value of this type.
    package var rawValue: String { switch self {} }
    /// No options.
    package static var allCases: [NoOption] { [] }
    /// Never called: there is no value of this type.
    package var spec: OptionSpec { switch self {} }
}
