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
    /// Whether the locale's language is Japanese (`ja`, `ja_JP`, `ja-JP`, `ja_JP@calendar=…`).
    ///
    /// Read from the identifier's first component rather than through
    /// `language.languageCode`, which goes through ICU.
    var isJapanese: Bool {
        identifier.split(whereSeparator: { "_-@.".contains($0) }).first?.lowercased() == "ja"
    }
}
