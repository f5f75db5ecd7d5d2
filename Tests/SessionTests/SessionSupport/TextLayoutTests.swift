import SessionSupport
import Testing

/// Text laid out for a terminal: columns as a terminal draws them, and
/// paragraphs wrapped with a hanging indent, in English and in Japanese.
@Suite struct TextLayoutTests {
    @Test func columnsAreWhatATerminalDraws() {
        #expect(TextLayout.columns("status") == 6)
        #expect(TextLayout.columns("ログイン") == 8)
        #expect(TextLayout.columns("e\u{301}") == 1, "a combining mark takes no column")
        #expect(TextLayout.columns("ｱ") == 1, "a halfwidth katakana takes one")
        #expect(TextLayout.columns("（全角）") == 8)
    }

    @Test func englishWrapsAtSpacesWithAHangingIndent() {
        let lines = TextLayout.wrap(
            "The token and a newline go to standard output; nothing else does.", width: 24, indent: 4,
            firstIndent: 0)
        #expect(
            lines == [
                "The token and a newline", "    go to standard", "    output; nothing else", "    does.",
            ])
        #expect(lines.allSatisfy { TextLayout.columns($0) <= 24 })
        // A word longer than the line stays whole, on a line of its own.
        let long = TextLayout.wrap("see https://login.example.com/o/device-authorization/ now", width: 20)
        #expect(long == ["see", "https://login.example.com/o/device-authorization/", "now"])
        // Brackets inside a word belong to it.
        #expect(
            TextLayout.wrap("speaks git-credential(1) well", width: 16) == [
                "speaks", "git-credential(1)", "well",
            ])
        // Marks that open nothing stay where they were, with their spaces.
        for text in ["a key, then a final [] for each level", "a ( b", "x [] y [z]"] {
            #expect(TextLayout.wrap(text, width: 80) == [text])
        }
        #expect(TextLayout.wrap("a final [] for each", width: 10) == ["a final []", "for each"])
    }

    @Test func japaneseBreaksBetweenCharactersButNeverBeforeAClosingMark() {
        let text = "トークンは標準入力から読みます (末尾の改行 1 つは取り除きます)。端末ではエコーを止めて入力させます。"
        for width in 10...40 {
            let lines = TextLayout.wrap(text, width: width)
            for line in lines {
                #expect(TextLayout.columns(line) <= width, "\(width): \(line)")
                #expect(
                    !line.hasPrefix("。") && !line.hasPrefix(")") && !line.hasPrefix("、"), "\(width): \(line)")
                #expect(!line.hasSuffix("("), "\(width): \(line)")
            }
            // Nothing is lost: the words, without the spaces the wrap took, are all there.
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
        }
    }

    @Test func itemsStayWhole() {
        let lines = TextLayout.wrap(
            items: [
                "USAGE:", "[--server URL]", "[--account NAME]", "[--callback-host 127.0.0.1|localhost|::1]",
            ],
            width: 40, indent: 6)
        #expect(
            lines == [
                "USAGE: [--server URL] [--account NAME]", "      [--callback-host 127.0.0.1|localhost|::1]",
            ])
    }
}
