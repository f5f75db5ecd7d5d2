import Foundation
import SessionCore
import Testing

@Suite struct StoreConcurrencyTests {
    /// 8 threads save and clear one file store while a reader loops: every read
    /// is logged out or one of the saved credentials, never a torn file.
    @Test func threadsSavingAndClearingNeverTearARead() async throws {
        let directory = TemporaryDirectory()
        let store = FileLoginStateStore(fileURL: directory.file("session.json"))
        let credentials = (0..<8).map { Sample.credential(secret: "token-of-writer-\($0)-0123456789") }
        let valid = Set(credentials.map(LoginState.loggedIn)).union([.loggedOut])
        let writersDone = Locked(0)

        try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, credential) in credentials.enumerated() {
                group.addTask {
                    defer { writersDone.withLock { $0 += 1 } }
                    for round in 0..<60 {
                        if (round + index) % 3 == 0 { try store.clear() } else { try store.save(credential) }
                    }
                    return 0
                }
            }
            group.addTask {
                var reads = 0
                var torn = 0
                // Bounded: the reader stops when the writers are done, or after 200 000 reads.
                while writersDone.withLock({ $0 }) < credentials.count && reads < 200_000 {
                    if let state = try? store.load(), valid.contains(state) {} else { torn += 1 }
                    reads += 1
                }
                #expect(reads > 0)
                return torn
            }
            var torn = 0
            for try await count in group { torn += count }
            #expect(torn == 0)
        }
    }

    @Test func inMemoryStoreIsSafeFromManyThreads() async {
        let store = InMemoryLoginStateStore()
        let credential = Sample.credential()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for round in 0..<500 {
                        if (round + index) % 2 == 0 { store.save(credential) } else { store.clear() }
                        let state = store.load()
                        #expect(state == .loggedOut || state == .loggedIn(credential))
                    }
                }
            }
        }
    }
}
