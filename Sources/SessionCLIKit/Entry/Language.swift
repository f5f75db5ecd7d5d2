/// The language of the tool's output: English or Japanese.
///
/// The tool reads the environment itself: on Linux `Locale.current` ignores
/// `LANG` and friends.
package enum Language: String, Sendable {
    case english = "en"
    case japanese = "ja"

    /// `--lang` if given, else the first set one of `LC_ALL`, `LC_MESSAGES`, `LANG`
    /// (`ja…` is Japanese; anything else English).
    package init(option: String?, environment: Environment) throws(CLIError) {
        if let option {
            guard let language = Language(rawValue: option) else { throw .usage("--lang must be en or ja") }
            self = language
            return
        }
        let setting = [EnvironmentVariable.allLocale, .messagesLocale, .language].lazy.compactMap {
            environment[$0]
        }.first
        self = setting?.hasPrefix("ja") == true ? .japanese : .english
    }
}
