/// The options of one command, as an enum: code reads an option through its
/// case, so a mistyped name does not compile.
///
/// ```swift
/// enum Option: String, CommandOption {
///     case json, showToken = "show-token"
///     var spec: OptionSpec { ... }
/// }
/// arguments.has(.showToken)
/// ```
package protocol CommandOption: RawRepresentable<String>, CaseIterable, Sendable {
    /// The option's name (the raw value), placeholder and help.
    var spec: OptionSpec { get }
}
