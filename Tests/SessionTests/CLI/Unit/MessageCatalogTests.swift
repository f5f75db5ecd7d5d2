import SessionCLIKit
import Testing

/// The catalog: no message exists in one language only, and the two texts
/// of a message have the same blanks, so neither says less than the other.
/// Run over every command's words, every shared group, and every key
/// declared beside what says it (an option's help, an exit code's meaning).
@Suite struct MessageCatalogTests {
    /// Keys whose Japanese text is, rightly, only names, numbers or marks:
    /// a blank and its quotes, labels a script looks for (`URL:`, `Code:`),
    /// option names.
    static let wordless: Set<MessageKey> = [
        .verbatim, .quoted, .nothing, .listSeparator, .listOr, .chooseWithServer, .chooseWithAccount,
        .labelURL, .labelCode, .switchListItem, .reasonOther, .statusExpiryValue,
    ]

    /// Every key the tool can say: each catalog's, and those written where
    /// they are used.
    static var everyKey: [MessageKey] {
        let options = (CommandTable.specs.flatMap(\.options) + CommandSpec.globalOptions).map(\.help)
        return WordCatalog.all.flatMap(\.keys) + options + ExitCode.allCases.map(\.meaning)
    }

    @Test func everyCatalogIsReached() {
        #expect(Self.everyKey.count > 500, "\(Self.everyKey.count) keys")
        let names = WordCatalog.all.map(\.name)
        #expect(Set(names).count == names.count, "two catalogs named alike: \(names)")
    }

    @Test(arguments: everyKey)
    func everyKeyHasBothLanguagesWithTheSameBlanks(key: MessageKey) {
        let (english, japanese) = key.texts
        if key != .nothing {
            #expect(!english.isEmpty, "\(key): no English")
            #expect(!japanese.isEmpty, "\(key): no Japanese")
        }
        #expect(
            Message.blanks(in: english).sorted() == Message.blanks(in: japanese).sorted(),
            "\(key): the blanks differ")
        #expect(
            !english.unicodeScalars.contains(where: Self.isJapanese), "\(key): Japanese in the English text")
        if !Self.wordless.contains(key) {
            #expect(
                japanese.unicodeScalars.contains(where: Self.isJapanese),
                "\(key): the Japanese text is not Japanese")
        }
    }

    /// Every blank a message's text has is filled where the tool says it:
    /// a sample of each kind of use, rendered in both languages.
    @Test func aFilledMessageLeavesNoBlank() {
        let message = Message(
            .noSessionOtherServers, ["account": "alice"],
            messages: [
                "asked": Message(
                    .sessionAccountOnServer, ["account": "alice", "server": "https://a.example"]),
                "servers": .list(["https://b.example", "https://c.example"]),
            ])
        for language in Language.allCases {
            let text = message.text(in: language)
            #expect(!text.contains("{") && !text.contains("}"), "\(text)")
            #expect(text.contains("https://b.example") && text.contains("https://c.example"))
        }
        #expect(Message.alternatives(["file", "keyring"]).text(in: .english) == "file or keyring")
        #expect(
            Message.alternatives(["auto", "always", "never"]).text(in: .english) == "auto, always or never")
        #expect(Message.alternatives(["file", "keyring"]).text(in: .japanese) == "file、keyring")
    }

    static func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value)
            || (0x3000...0x303F).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
    }
}
