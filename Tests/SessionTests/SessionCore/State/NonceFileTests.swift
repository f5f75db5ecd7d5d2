import Foundation
import SessionCore
import Testing

/// The file beside the session file that keeps each server's last DPoP
/// nonce: bounded, newest last, 0600, and never a reason to fail.
@Suite struct NonceFileTests {
    let folder = TemporaryDirectory()
    var file: NonceFile { NonceFile(sessionFile: folder.file("state/session.json").path) }

    @Test func aKeptNonceIsReadBackAndReplacedByTheNext() {
        #expect(file.read().isEmpty, "no file yet")
        file.keep("n-1", for: "https://a.example")
        file.keep("n-1", for: "https://b.example")
        file.keep("n-2", for: "https://a.example")
        #expect(file.read() == ["https://a.example": "n-2", "https://b.example": "n-1"])
        let text = try? String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text == "https://b.example n-1\nhttps://a.example n-2\n", "the newest last")
        #expect(permissions(ofPath: file.path) == 0o600)
        let leftovers =
            (try? FileManager.default.contentsOfDirectory(atPath: folder.file("state").path)) ?? []
        #expect(leftovers == ["session.json.nonces"], "no temporary file stays")
    }

    @Test func theOldestServerGoesPastTheCapacity() {
        for index in 0...NonceFile.capacity { file.keep("n", for: "https://\(index).example") }
        let kept = file.read()
        #expect(kept.count == NonceFile.capacity)
        #expect(kept["https://0.example"] == nil && kept["https://\(NonceFile.capacity).example"] == "n")
    }

    @Test(arguments: ["", "a b", "é", String(repeating: "n", count: 513), "n\n"])
    func whatIsNotANonceIsNeverKept(nonce: String) {
        #expect(!NonceFile.isValid(nonce))
        file.keep(nonce, for: "https://a.example")
        #expect(file.read().isEmpty)
    }

    @Test func aFileThatIsNotOneReadsAsEmpty() throws {
        try FileManager.default.createDirectory(
            atPath: folder.file("state").path, withIntermediateDirectories: true)
        try Data(repeating: 0x61, count: 1 << 20).write(to: URL(fileURLWithPath: file.path))
        #expect(file.read().isEmpty, "too large")
        try Data("https://a.example n-1\ngarbage\n\u{1B}[2J x\nhttps://b.example n 2\n".utf8)
            .write(to: URL(fileURLWithPath: file.path))
        #expect(file.read() == ["https://a.example": "n-1"], "only the lines that are an origin and a nonce")
    }

    @Test func aFolderThatCannotBeMadeKeepsNothingAndSaysNothing() throws {
        // The session file's folder is a file: nothing can be written under it, even by root.
        try Data("not a folder".utf8).write(to: folder.file("state"))
        file.keep("n-1", for: "https://a.example")
        #expect(file.read().isEmpty)
        #expect(try String(contentsOf: folder.file("state"), encoding: .utf8) == "not a folder")
    }
}
