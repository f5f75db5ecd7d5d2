import SessionSystem

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
                rawValue, value: "PATH", environment: .store, completion: .file, help: .optionStore)
        case .lang: OptionSpec(rawValue, value: "en|ja", help: .optionLang)
        case .color: OptionSpec(rawValue, value: "auto|always|never", help: .optionColor)
        }
    }
}
