import Foundation
import SessionCore
import SessionTestSupport
import Testing

/// Real processes against one session file: many writers at once, and writers
/// killed at random moments.
@Suite(.serialized) struct CLIConcurrencyTests {
    let cli = CommandRunner()
    var store: FileLoginStateStore { FileLoginStateStore(fileURL: cli.defaultStore) }

    /// 16 processes log in and out at once, over several rounds, while `status`
    /// runs in a loop and this process reads the file: `status` only ever
    /// exits 0 or 1, and every read parses.
    @Test func sixteenProcessesLoggingInAndOutWhileStatusLoops() async throws {
        let tokens = (0..<8).map { "process_token_\($0)_0123456789" }
        var statusCodes: [Int32] = []
        var failedReads = 0
        var reads = 0
        for _ in 0..<3 {
            var writers: [RunningCommand] = []
            for (index, token) in tokens.enumerated() {
                writers.append(
                    try cli.start(["login", "--with-token", "--user", "u\(index)"], stdin: token.data))
                writers.append(try cli.start(["logout"]))
            }
            // Bounded: at most 8 status runs per round, each while writers may still run.
            for _ in 0..<8 {
                statusCodes.append(try await cli.run(["status", "--json"]).status)
                for _ in 0..<50 {
                    reads += 1
                    do {
                        let state = try store.load()
                        if let token = state.credential?.token.value, !tokens.contains(token) {
                            failedReads += 1
                        }
                    } catch { failedReads += 1 }
                }
            }
            for writer in writers {
                #expect(await writer.finish().status == 0)
            }
        }
        #expect(Set(statusCodes).isSubset(of: [0, 1]), "status exited \(Set(statusCodes))")
        #expect(failedReads == 0, "\(failedReads) of \(reads) reads failed")
        #expect(throws: Never.self) { try store.load() }
    }

    /// 100 logins, each killed with SIGKILL at a random moment: the session
    /// always loads, and after a logout no file in the folder holds a token.
    @Test func loginsKilledAtRandomMomentsNeverLeaveABrokenSession() async throws {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        let tokens = (0..<100).map { "killed_token_\($0)_abcdefghij" }
        var killed = 0
        for token in tokens {
            let running = try cli.start(["login", "--with-token", "--user", "victim"], stdin: token.data)
            // The delay picks the moment of the kill; nothing is being waited for, and no thread is held.
            try await Task.sleep(for: .microseconds(UInt32.random(in: 0...25_000, using: &generator)))
            running.process.send(SIGKILL)
            if await running.finish().status != 0 { killed += 1 }
            let state = try store.load()
            if let value = state.credential?.token.value, !tokens.contains(value) {
                Issue.record("the session holds a token no login wrote")
            }
        }
        #expect(killed > 0, "no run was killed before it finished; the test proved nothing")
        #expect(try await cli.run(["logout"]).status == 0)
        let folder = TemporaryDirectoryView(path: cli.defaultStore.deletingLastPathComponent().path)
        for (path, data) in folder.files() {
            Secret.expectAbsent(tokens, in: data, path)
        }
    }
}

/// Reads every file in a folder that the test does not own.
struct TemporaryDirectoryView {
    let path: String
    func files() -> [(String, Data)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).compactMap { name in
            FileManager.default.contents(atPath: path + "/" + name).map { (name, $0) }
        }
    }
}
