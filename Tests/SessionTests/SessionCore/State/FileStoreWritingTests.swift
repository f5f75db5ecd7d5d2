import Foundation
import SessionSupport
import SessionTestSupport
import Testing

@testable import SessionCore

/// The writer side of the file store: the bounded lock wait, the atomic
/// update, and a save whose outcome is true to what readers see.
@Suite struct FileStoreWritingTests {
    let directory = TemporaryDirectory()
    var fileURL: URL { directory.file("app/session.json") }

    /// A real process that takes the writer lock and then stops itself
    /// (SIGSTOP), like a writer frozen mid-save. Killed by the caller.
    func stoppedLockHolder() throws -> StoppedLockHolder {
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try StoppedLockHolder(lockPath: fileURL.path + ".lock")
    }

    @Test func aStoppedWriterMakesOthersFailAfterTheTimeoutNotHang() throws {
        let holder = try stoppedLockHolder()
        defer { holder.kill() }
        let store = FileLoginStateStore(fileURL: fileURL, lockTimeout: 0.3)
        let started = ContinuousClock.now
        do {
            try store.save(Sample.credential())
            Issue.record("save went through a held lock")
        } catch let busy as StoreBusyError {
            #expect(busy.lockPath == fileURL.path + ".lock")
            #expect(busy.description.contains(fileURL.path + ".lock"))
            #expect(busy.description.contains("busy"))
        }
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(throws: StoreBusyError.self) { try store.clear() }
        #expect(throws: StoreBusyError.self) { try store.update { $0 = .loggedOut } }
        // Readers take no lock.
        #expect(try store.load() == .loggedOut)
    }

    @Test func theWriterGoesThroughOnceTheHolderIsGone() throws {
        try stoppedLockHolder().kill()
        let store = FileLoginStateStore(fileURL: fileURL, lockTimeout: 0.3)
        try store.save(Sample.credential())
        #expect(try store.load() == .loggedIn(Sample.credential()))
    }

    @Test func theDefaultWaitIsTwentySecondsLongerThanARefreshMayHoldTheLock() {
        #expect(FileLoginStateStore(fileURL: fileURL).lockTimeout == 40)
    }

    /// 8 threads each make 50 read-modify-writes through two store objects
    /// on one file: with `update` under the lock, none is lost.
    @Test func updatesFromManyThreadsAreNeverLost() throws {
        let stores = [FileLoginStateStore(fileURL: fileURL), FileLoginStateStore(fileURL: fileURL)]
        try stores[0].save(Credential(token: Sample.token(), account: "0"))
        let failures = Locked<[String]>([])
        let group = DispatchGroup()
        for index in 0..<8 {
            group.enter()
            Thread {
                defer { group.leave() }
                for _ in 0..<50 {
                    do {
                        try stores[index % 2].update { state in
                            guard var credential = state.credential else { return }
                            credential.account = String((Int(credential.account ?? "") ?? 0) + 1)
                            state = .loggedIn(credential)
                        }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }.start()
        }
        group.wait()
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(try stores[0].load().credential?.account == "400")
    }

    @Test func anUpdateThatChangesNothingWritesNothing() throws {
        let store = FileLoginStateStore(fileURL: fileURL)
        try store.save(Sample.credential())
        let before = try FileManager.default.attributesOfItem(atPath: fileURL.path)[.systemFileNumber]
        let seen = try store.update { $0.credential?.account }
        #expect(seen == Sample.credential().account)
        #expect(
            try FileManager.default.attributesOfItem(atPath: fileURL.path)[.systemFileNumber] as? Int
                == before as? Int)
        try store.update { $0 = .loggedOut }
        #expect(!FileManager.default.fileExists(atPath: fileURL.path))
    }

    @Test func anUpdateThatThrowsChangesNothing() throws {
        struct Refused: Error {}
        let store = FileLoginStateStore(fileURL: fileURL)
        try store.save(Sample.credential())
        #expect(throws: Refused.self) {
            try store.update { state in
                state = .loggedOut
                throw Refused()
            }
        }
        #expect(try store.load() == .loggedIn(Sample.credential()))
    }

    /// The rename is the commit point: a folder flush that fails after it
    /// must not report a failed save for a session every reader already sees.
    @Test func aFailureAfterTheRenameDoesNotReportAFailedSave() throws {
        struct FlushFailed: Error {}
        let store = FileLoginStateStore(
            path: fileURL.path, lockTimeout: 1, keyring: { _ in SecretsInFile() },
            syncDirectory: { _ in throw FlushFailed() })
        try store.save(Sample.credential())
        #expect(try store.load() == .loggedIn(Sample.credential()))
        try store.clear()
        #expect(try store.load() == .loggedOut)
    }

    /// Each update renames the one session (its account is part of its key):
    /// it moves, and no update is lost.
    @Test func theInMemoryStoreUpdatesUnderItsLock() async throws {
        let store = InMemoryLoginStateStore(.loggedIn(Credential(token: Sample.token(), account: "0")))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<100 {
                        try store.update { state in
                            guard var credential = state.credential else { return }
                            credential.account = String((Int(credential.account ?? "") ?? 0) + 1)
                            state = .loggedIn(credential)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(store.load().credential?.account == "800")
        #expect(store.sessions().count == 1)
    }
}
