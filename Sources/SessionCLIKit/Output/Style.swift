package import SessionCore
import SessionSystem

/// Whether and how to color the button label.
package struct Style: Sendable {
    package let colored: Bool

    /// Decides from `--color` (auto, always, never), the terminal and `NO_COLOR`.
    ///
    /// `always` wins over `NO_COLOR`, as the NO_COLOR convention asks of an
    /// explicit command-line choice; `auto` colors only a terminal, not a
    /// `dumb` one, and only when `NO_COLOR` is unset or empty.
    package init(option: String?, environment: Environment, outputIsTerminal: Bool) throws(CLIError) {
        switch option ?? "auto" {
        case "always": colored = true
        case "never": colored = false
        case "auto":
            colored = outputIsTerminal && environment[.noColor] == nil && environment[.terminal] != "dumb"
        default:
            throw CLIError(
                .invalidChoice, ["option": "--color"],
                messages: ["choices": .alternatives(["auto", "always", "never"])])
        }
    }

    /// The text drawn in the token's color (ANSI), or as it is.
    package func paint(_ text: String, _ color: ColorToken) -> String {
        guard colored else { return text }
        let code =
            switch color {
            case .blue: "34"
            case .red: "31"
            }
        return "\u{1B}[1;\(code)m\(text)\u{1B}[0m"
    }
}
