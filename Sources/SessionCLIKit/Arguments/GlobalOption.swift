/// The options every command accepts, before or after the command's name.
package enum GlobalOption: String, CommandOption {
    case store
    case lang
    case color

    /// The option's placeholder and help.
    package var spec: OptionSpec {
        switch self {
        case .store:
            OptionSpec(
                rawValue, value: "PATH",
                help: "The session file (default: $SESSION_CLI_STORE, else the XDG state folder).")
        case .lang:
            OptionSpec(
                rawValue, value: "en|ja",
                help: "The language of the output (default: from LC_ALL, LC_MESSAGES, LANG).")
        case .color:
            OptionSpec(
                rawValue, value: "auto|always|never",
                help: "Color the button label (default: auto: on a terminal, unless NO_COLOR is set).")
        }
    }
}
