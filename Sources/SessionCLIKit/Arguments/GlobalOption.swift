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
    static var globalStoreHelp: MessageKey {
        MessageKey(
            "The session file (default: the XDG state folder's session-cli/session.json).",
            "セッションファイル (省略時: XDG の状態フォルダーの session-cli/session.json)。")
    }
    static var globalLangHelp: MessageKey {
        MessageKey(
            "The language of the output (default: from LC_ALL, LC_MESSAGES, LANG).",
            "出力の言語 (省略時: LC_ALL、LC_MESSAGES、LANG から)。")
    }
    static var globalColorHelp: MessageKey {
        MessageKey(
            "Color the button label (default: auto: on a terminal, unless NO_COLOR is set).",
            "ボタンのラベルに色を付けます (省略時: auto: 端末で、NO_COLOR が設定されていなければ)。")
    }
}
