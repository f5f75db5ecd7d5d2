import SessionSupport
import Testing

/// The one rule for Japanese, which the tool's output, the sign-in pages and
/// the button's label all go by.
@Suite struct LanguageTagTests {
    @Test(arguments: [
        "ja", "JA", "ja_JP", "ja-JP", "ja_JP.UTF-8", "ja_JP.eucJP", "ja@calendar=japanese", "ja.UTF-8",
    ])
    func japanese(tag: String) {
        #expect(LanguageTag.isJapanese(tag))
    }

    @Test(arguments: [
        "", "en", "en_US.UTF-8", "C", "C.UTF-8", "POSIX", "jav", "jav_ID", "japanese", "j", "_ja", "fr-ja",
    ])
    func notJapanese(tag: String) {
        #expect(!LanguageTag.isJapanese(tag))
    }
}
