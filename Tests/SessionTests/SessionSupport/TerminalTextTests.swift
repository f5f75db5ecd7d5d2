import Foundation
import SessionSupport
import Testing

@testable import SessionCore

/// The one rule for untrusted text on a terminal: control, format and
/// invisible separator characters are escaped, never passed on, whether the
/// text comes whole or in pieces that split a character.
@Suite struct TerminalTextTests {
    static let hostile: [(String, String)] = [
        ("\u{1B}]0;owned\u{07}\u{1B}[2J", "^[]0;owned^G^[[2J"),  // retitle the window, clear the screen
        ("\u{9B}2J", "\\u{009B}2J"),  // C1 CSI
        ("alice\u{202E}gpj.exe", "alice\\u{202E}gpj.exe"),  // right-to-left override
        ("\u{2066}bob\u{2069}", "\\u{2066}bob\\u{2069}"),  // isolates
        ("zero\u{200B}width\u{FEFF}", "zero\\u{200B}width\\u{FEFF}"),
        ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
        ("tab\there\nnext", "tab^Ihere^Jnext"),
        ("del\u{7F}", "del^?"),
        ("unassigned\u{E01F0}", "unassigned\\u{E01F0}"),
    ]

    @Test(arguments: hostile)
    func hostileTextIsEscaped(text: String, shown: String) {
        #expect(!TerminalText.isSafe(text))
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test func ordinaryTextIsLeftAlone() {
        for text in ["alice", "アリス", "Ren\u{E9}e O'Brien", "a b", "😀", "ß"] {
            #expect(TerminalText.isSafe(text))
            #expect(TerminalText.escaped(text) == text)
        }
    }

    @Test func aBodyKeepsItsLinesAndTabs() {
        #expect(TerminalText.escaped("a\tb\nc\u{1B}", keepingLines: true) == "a\tb\nc^[")
    }

    /// A body streamed in pieces, split inside a character and inside an
    /// escape: the same as the whole, and bad bytes shown by value.
    @Test func theFilterIsTheSameWhateverThePieces() {
        let body = Array("ok\n\t\u{1B}[2J\u{07}\u{7F}é\u{202E}😀".utf8) + [0xFF, 0x41, 0xE2, 0x80]
        let expected = "ok\n\t^[[2J^G^?é\\u{202E}😀\\x{FF}A\\x{E2}\\x{80}"
        for size in 1...body.count {
            var filter = TerminalText.Filter()
            var output: [UInt8] = []
            for start in stride(from: 0, to: body.count, by: size) {
                output += filter.pass(body[start..<min(start + size, body.count)])
            }
            output += filter.finish()
            #expect(String(decoding: output, as: UTF8.self) == expected, "in pieces of \(size)")
        }
    }
}
