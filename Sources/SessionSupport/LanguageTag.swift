/// The one rule for which language a tag or a locale names, used by the
/// tool's output, the sign-in pages a browser shows and the login button's
/// label: Japanese when its first part is `ja` in any case (`ja`, `ja_JP`,
/// `ja-JP`, `ja_JP.UTF-8`, `ja_JP@calendar=…`, `JA`), English for anything
/// else (`jav`, the Javanese code, is not Japanese).
package enum LanguageTag {
    /// Whether `tag` (a BCP 47 tag, a POSIX locale, a locale identifier) names Japanese.
    ///
    /// Read as bytes: every run of the tool asks it at start, and a split
    /// into substrings costs more than the rest of choosing the language.
    package static func isJapanese(_ tag: String) -> Bool {
        var bytes = tag.utf8.makeIterator()
        // `| 0x20` lowercases an ASCII letter; only J and j become j, A and a become a.
        guard bytes.next().map({ $0 | 0x20 }) == UInt8(ascii: "j"),
            bytes.next().map({ $0 | 0x20 }) == UInt8(ascii: "a")
        else { return false }
        guard let next = bytes.next() else { return true }
        return next == UInt8(ascii: "_") || next == UInt8(ascii: "-") || next == UInt8(ascii: "@")
            || next == UInt8(ascii: ".")
    }
}
