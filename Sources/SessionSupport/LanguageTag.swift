/// The one rule for which language a tag or a locale names, used by the
/// tool's output, the sign-in pages a browser shows and the login button's
/// label: Japanese when its first part is `ja` in any case (`ja`, `ja_JP`,
/// `ja-JP`, `ja_JP.UTF-8`, `ja_JP@calendar=…`, `JA`), English for anything
/// else (`jav`, the Javanese code, is not Japanese).
package enum LanguageTag {
    /// Whether `tag` (a BCP 47 tag, a POSIX locale, a locale identifier) names Japanese.
    package static func isJapanese(_ tag: some StringProtocol) -> Bool {
        let first =
            tag.split(
                maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: { "_-@.".contains($0) }
            ).first ?? ""
        return first.count == 2 && first.lowercased() == "ja"
    }
}
