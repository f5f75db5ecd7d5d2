import SessionSupport
import SessionSystem

/// The language of the tool's output: English or Japanese.
///
/// The tool reads the environment itself: on Linux `Locale.current` ignores
/// `LANG` and friends.
package enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case japanese = "ja"

    /// `--lang` if given, else the first set one of `LC_ALL`, `LC_MESSAGES`, `LANG`
    /// (Japanese as ``LanguageTag/isJapanese(_:)`` says; anything else English).
    package init(option: String?, environment: Environment) throws(CLIError) {
        if let option {
            self = try OptionValues.choice(option, "--lang")
            return
        }
        self.init(environment: environment)
    }

    /// The language the environment asks for.
    package init(environment: Environment) {
        let setting = [EnvironmentVariable.allLocale, .messagesLocale, .language].lazy.compactMap {
            environment[$0]
        }.first
        self = setting.map(LanguageTag.isJapanese) == true ? .japanese : .english
    }

    /// The language a command line asks for before it is parsed: for the
    /// error that says why it could not be. A `--lang` that is there and
    /// valid counts, anything else is left to the parser.
    package init(beforeParsing arguments: [String], environment: Environment) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst(), argument != "--" {
            let value: String?
            if argument == "--lang" {
                value = remaining.first
            } else if argument.hasPrefix("--lang=") {
                value = String(argument.dropFirst("--lang=".count))
            } else {
                continue
            }
            if let language = value.flatMap(Language.init(rawValue:)) {
                self = language
                return
            }
        }
        self.init(environment: environment)
    }
}
