import Foundation

/// A button label in the languages the library ships: English and Japanese.
struct LocalizedLabel: Sendable {
    let english: String
    let japanese: String

    /// The Japanese label for a Japanese locale, English for every other one.
    func text(for locale: Locale) -> String {
        locale.isJapanese ? japanese : english
    }
}

extension Locale {
    /// Whether the locale's language is Japanese (`ja`, `ja_JP`, `ja-JP`, …).
    var isJapanese: Bool {
        if let code = language.languageCode?.identifier { return code == "ja" }
        return identifier == "ja" || identifier.hasPrefix("ja_") || identifier.hasPrefix("ja-")
    }
}
