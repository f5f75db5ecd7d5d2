import Foundation
import SessionSupport
import SessionSystem
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
    func stoppedLockHolder() async throws -> StoppedLockHolder {
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try await StoppedLockHolder.start(lockPath: fileURL.path + ".lock")
    }

    /// The writes wait for the lock on a thread of their own, not the pool's.
    @Test func aStoppedWriterMakesOthersFailAfterTheTimeoutNotHang() async throws {
        let holder = try await stoppedLockHolder()
        let store = FileLoginStateStore(fileURL: fileURL, lockTimeout: 0.3)
        let fileURL = fileURL
        let outcome = try await offThePool { () -> [Result<Void, any Error>] in
            [
                Result { try store.save(Sample.credential()) }, Result { try store.clear() },
                Result { try store.update { $0 = .loggedOut } },
            ]
        }
        await holder.kill()
        guard case .failure(let busy as StoreBusyError) = outcome[0] else {
            Issue.record("save went through a held lock")
            return
        }
        #expect(busy.lockPath == fileURL.path + ".lock")
        #expect(busy.description.contains(fileURL.path + ".lock"))
        #expect(busy.description.contains("busy"))
        for result in outcome.dropFirst() {
            #expect(throws: StoreBusyError.self) { try result.get() }
        }
        // Readers take no lock.
        #expect(try store.load() == .loggedOut)
    }

    @Test func theWriterGoesThroughOnceTheHolderIsGone() async throws {
        try await stoppedLockHolder().kill()
        let store = FileLoginStateStore(fileURL: fileURL, lockTimeout: 0.3)
        try await offThePool { try store.save(Sample.credential()) }
        #expect(try store.load() == .loggedIn(Sample.credential()))
    }

    @Test func theDefaultWaitIsTwentySecondsLongerThanARefreshMayHoldTheLock() {
        #expect(FileLoginStateStore(fileURL: fileURL).lockTimeout == 40)
    }

    /// 8 threads each make 50 read-modify-writes through two store objects
    /// on one file: with `update` under the lock, none is lost.
    @Test func updatesFromManyThreadsAreNeverLost() async throws {
        let stores = [FileLoginStateStore(fileURL: fileURL), FileLoginStateStore(fileURL: fileURL)]
        try stores[0].save(Credential(token: Sample.token(), account: "0"))
        let failures = Locked<[String]>([])
        let done = Gate()
        for index in 0..<8 {
            Thread {
                defer { done.open() }
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
        // Waited for suspended: 400 writes on a busy disk may take a while, and no pool thread waits.
        await done.passed(times: 8)
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
