import SessionSupport

/// A button label in the languages the library ships: English and Japanese.
struct LocalizedLabel: Sendable {
    let english: String
    let japanese: String

    /// The Japanese label for Japanese (``LanguageTag/isJapanese(_:)``),
    /// English for every other language.
    func text(forLanguage code: String) -> String {
        LanguageTag.isJapanese(code) ? japanese : english
    }

    /// The label for `locale`'s language, read from its identifier rather
    /// than through `language.languageCode`, which goes through ICU.
    func text(for locale: Locale) -> String {
        text(forLanguage: locale.identifier)
    }
}
