import SessionSupport

/// A button label in the languages the library ships: English and Japanese.
struct LocalizedLabel: Sendable {
    let english: String
    let japanese: String

    /// The Japanese label for Japanese (`ja`, `ja_JP`, `ja-JP`, `ja_JP.UTF-8`,
    /// `ja_JP@calendar=…`), English for every other language.
    func text(forLanguage code: String) -> String {
        code.split(whereSeparator: { "_-@.".contains($0) }).first?.lowercased() == "ja" ? japanese : english
    }

    /// The label for `locale`'s language, read from its identifier rather
    /// than through `language.languageCode`, which goes through ICU.
    func text(for locale: Locale) -> String {
        text(forLanguage: locale.identifier)
    }
}
