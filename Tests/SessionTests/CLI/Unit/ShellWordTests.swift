import Foundation
import SessionTestSupport
import Testing

@testable import SessionCLIKit

/// The words `setup-git` and `logout` write for a shell, read back by a real `/bin/sh`.
@Suite struct ShellWordTests {
    static let words = ["session-cli", "/tmp/a b/session.json", "it's", "", "$HOME", "a;b", "`x`", "日本"]

    /// What `/bin/sh` makes of `line`: each word on a line of its own.
    func shellReads(_ line: String) async throws -> [String] {
        let shell = try ChildProcess(["/bin/sh", "-c", "printf '%s\\n' " + line], stdout: .pipe)
        let output = try await offThePool { try shell.readStandardOutput() }
        #expect(await shell.exitStatus() == 0)
        return String(decoding: output, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .dropLast().map(String.init)
    }

    @Test func everyWordReadsBackAsItIs() async throws {
        #expect(try await shellReads(Self.words.map(ShellWord.quoted).joined(separator: " ")) == Self.words)
        #expect(try await shellReads(Self.words.map(ShellWord.word).joined(separator: " ")) == Self.words)
    }

    @Test func plainWordsStayBareForAPerson() {
        #expect(ShellWord.word("https://api.example.com") == "https://api.example.com")
        #expect(ShellWord.word("") == "''")
        #expect(ShellWord.word("it's") == #"'it'\''s'"#)
        #expect(ShellWord.quoted("session-cli") == "'session-cli'")
    }
}
