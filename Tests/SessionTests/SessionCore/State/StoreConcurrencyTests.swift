import Foundation
import SessionCore
import SessionSupport
import SessionSystem
import SessionTestSupport
import Testing

@Suite struct StoreConcurrencyTests {
    /// 8 threads save and clear one file store while a reader loops: every read
    /// is logged out or one of the saved credentials, never a torn file.
    ///
    /// Real threads, not tasks: the cooperative pool has one thread per core,
    /// so 8 tasks on 2 cores would barely overlap; and the test waits for
    /// them suspended, holding none of the pool's threads (they may take
    /// minutes on a machine whose disk a build shares).
    @Test func threadsSavingAndClearingNeverTearARead() async throws {
        let directory = TemporaryDirectory()
        let store = FileLoginStateStore(fileURL: directory.file("session.json"))
        let credentials = (0..<8).map { Sample.credential(secret: "token-of-writer-\($0)-0123456789") }
        let valid = Set(credentials.map(LoginState.loggedIn)).union([.loggedOut])
        let progress = Locked((writersDone: 0, failures: [String]()))
        let finished = Gate()
        // Every writer is waited for before the test returns: none outlives it
        // to leave a token file behind in a removed folder.
        let writers = Gate()
        let readerStarted = Gate()
        let counts = Locked((reads: 0, torn: 0))

        let reader = Thread {
            readerStarted.open()
            // Bounded: the reader stops when the writers are done, or after 200 000 reads.
            var reads = 0
            var torn = 0
            while progress.withLock({ $0.writersDone }) < credentials.count && reads < 200_000 {
                if let state = try? store.load(), valid.contains(state) {} else { torn += 1 }
                reads += 1
            }
            counts.withLock { $0 = (reads, torn) }
            finished.open()
        }
        reader.start()
        await readerStarted.passed()
        for (index, credential) in credentials.enumerated() {
            Thread {
                defer { writers.open() }
                for round in 0..<60 {
                    do {
                        if (round + index) % 3 == 0 { try store.clear() } else { try store.save(credential) }
                    } catch {
                        progress.withLock { $0.failures.append("\(error)") }
                    }
                }
                progress.withLock { $0.writersDone += 1 }
            }.start()
        }
        await finished.passed()
        await writers.passed(times: credentials.count)
        #expect(progress.withLock { $0.failures }.isEmpty)
        let (reads, torn) = counts.withLock { $0 }
        #expect(reads > 0)
        #expect(torn == 0, "\(torn) of \(reads) reads were torn")
    }

    @Test func inMemoryStoreIsSafeFromManyThreads() async throws {
        let store = InMemoryLoginStateStore()
        let credential = Sample.credential()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for round in 0..<500 {
                        if (round + index) % 2 == 0 { try store.save(credential) } else { store.clear() }
                        let state = store.load()
                        #expect(state == .loggedOut || state == .loggedIn(credential))
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
