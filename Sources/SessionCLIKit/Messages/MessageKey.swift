/// A message of the tool's catalog (``Message``): its text in each language
/// the tool speaks, with `{name}` for each blank.
///
/// There is no one file of every message: each command's folder declares
/// its own words (`WhoamiWords.swift`), each key beside its two texts, and
/// what several commands say is in a shared group (``WordCatalog``). An
/// option's help is declared at the end of its command's file, an exit
/// code's meaning at the end of `ExitCode.swift`.
///
/// ```swift
/// extension MessageKey {
///     static var whoamiNotSaid: MessageKey { MessageKey("not said", "返されていません") }
/// }
/// ```
///
/// A key is a computed property, not a stored `static let`: stored, every
/// key's two texts would be data the loader relocates at every start.
///
/// `MessageCatalogTests` checks every key of every catalog: both texts,
/// the same blanks, and Japanese in the Japanese one. A key is its texts:
/// two keys that say the same in both languages are the same message.
package struct MessageKey: Sendable, Hashable {
    /// The English template.
    package let english: String
    /// The Japanese template.
    package let japanese: String

    /// A message with its English and its Japanese template.
    package init(_ english: String, _ japanese: String) {
        self.english = english
        self.japanese = japanese
    }

    /// The English and the Japanese template.
    package var texts: (english: String, japanese: String) { (english, japanese) }
}
