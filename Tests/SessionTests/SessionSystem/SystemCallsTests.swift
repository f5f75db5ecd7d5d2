import Foundation
import SessionSupport
import SessionSystem
import Testing

/// The one reader of small files and the one way to start a process, which
/// the session file, keys, certificates, `-F @file`, the browser and git
/// all go through.
@Suite struct SystemCallsTests {
    let folder = TemporaryDirectory()

    func write(_ text: String, to name: String) throws -> String {
        let path = folder.file(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFileIsReadWholeOrUpToItsLimitSayingWhetherThereWasMore() throws {
        let path = try write("0123456789", to: "ten")
        #expect(try SmallFile.read(path, limit: 10).bytes == Array("0123456789".utf8))
        #expect(try SmallFile.read(path, limit: 10).exceedsLimit == false)
        let cut = try SmallFile.read(path, limit: 4)
        #expect(cut.bytes == Array("0123".utf8) && cut.exceedsLimit)
        let none = try SmallFile.read(path, limit: 0)
        #expect(none.bytes.isEmpty && none.exceedsLimit && none.mode == cut.mode)
        chmod(path, 0o644)
        #expect(try SmallFile.read(path, limit: 10).isOpenToOthers)
        chmod(path, 0o600)
        #expect(try !SmallFile.read(path, limit: 10).isOpenToOthers)
        let large = String(repeating: "a", count: 300_000)
        #expect(try SmallFile.read(try write(large, to: "large"), limit: 1 << 20).bytes.count == 300_000)
    }

    @Test func whatIsNotAFileSaysWhichCallFailedAndWhy() throws {
        #expect(throws: SmallFile.Failure.system(call: "open", code: ENOENT)) {
            try SmallFile.read(folder.file("missing").path, limit: 10)
        }
        #expect(
            SmallFile.Failure.system(call: "open", code: ENOENT).description == "No such file or directory")
        #expect(throws: SmallFile.Failure.system(call: "read", code: EISDIR)) {
            try SmallFile.read(folder.path, limit: 10)
        }
        do {
            _ = try SmallFile.read(folder.path, limit: 10, options: .regularOnly)
            Issue.record("a folder was read")
        } catch {
            #expect(error.description == "not a regular file")
            if case .notRegular(let mode) = error {
                #expect(SmallFile.Failure.kind(of: mode) == "a directory")
            }
        }
        let target = try write("x", to: "target")
        let link = folder.file("link").path
        #expect(symlink(target, link) == 0)
        #expect(try SmallFile.read(link, limit: 10).bytes == [UInt8(ascii: "x")], "followed by default")
        #expect(throws: SmallFile.Failure.system(call: "open", code: ELOOP)) {
            try SmallFile.read(link, limit: 10, options: .noFollow)
        }
        // A FIFO with no writer: refused at once with .regularOnly (open never blocks on it).
        let fifo = folder.file("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: SmallFile.Failure.self) { try SmallFile.read(fifo, limit: 10, options: .regularOnly) }
    }

    @Test func aProcessRunsWithItsStatusAndBoundedStandardError() throws {
        let said = try Spawn.run(
            ["sh", "-c", "echo out; printf 'first\\nsecond' >&2; exit 3"], errorLimit: 9)
        #expect(said.status == 3)
        #expect(
            String(decoding: said.standardError, as: UTF8.self) == "first\nsec", "bounded, the rest dropped")
        let killed = try Spawn.run(["sh", "-c", "kill -TERM $$"], errorLimit: 10)
        #expect(killed.status == 128 + SIGTERM)
        // Nothing reads the person's input: standard input is /dev/null.
        let input = try Spawn.run(["sh", "-c", "cat >&2"], errorLimit: 10)
        #expect(input.status == 0 && input.standardError.isEmpty)
        // An argument is never a command.
        let literal = try Spawn.run(
            ["sh", "-c", "printf %s \"$0\" >&2", "$(echo no); echo"], errorLimit: 100)
        #expect(String(decoding: literal.standardError, as: UTF8.self) == "$(echo no); echo")
        #expect(throws: Spawn.Failure.notFound) { try Spawn.run(["no-such-program-here"], errorLimit: 10) }
        #expect(throws: Spawn.Failure.notFound) { try Spawn.detached(["no-such-program-here"]) }
    }
}
