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
                rawValue, value: "PATH", environment: .store, completion: .file, help: .globalStoreHelp)
        case .lang: OptionSpec(rawValue, value: "en|ja", help: .globalLangHelp)
        case .color: OptionSpec(rawValue, value: "auto|always|never", help: .globalColorHelp)
        }
    }
}

// The help of each option above, in English and Japanese.
extension MessageKey {
    package static let globalStoreHelp = MessageKey(
        "The session file (default: the XDG state folder's session-cli/session.json).",
        "セッションファイル (省略時: XDG の状態フォルダーの session-cli/session.json)。")
    package static let globalLangHelp = MessageKey(
        "The language of the output (default: from LC_ALL, LC_MESSAGES, LANG).",
        "出力の言語 (省略時: LC_ALL、LC_MESSAGES、LANG から)。")
    package static let globalColorHelp = MessageKey(
        "Color the button label (default: auto: on a terminal, unless NO_COLOR is set).",
        "ボタンのラベルに色を付けます (省略時: auto: 端末で、NO_COLOR が設定されていなければ)。")
}
