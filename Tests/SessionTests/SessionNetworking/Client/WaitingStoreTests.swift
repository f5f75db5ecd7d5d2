import Foundation
import Session
import SessionSupport
import SessionTestSupport
import Testing

/// A store that waits (another process's lock, a keyring's unlock prompt)
/// never holds one of Swift's cooperative threads, of which there are as
/// many as cores: the requests that wait for it leave every other task of
/// the process running.
@Suite struct WaitingStoreTests {
    /// A secret store whose every read takes three seconds, as the keyring
    /// does while its unlock prompt is open.
    final class SlowSecretStore: SecretStore {
        let kept = InMemorySecretStore()
        let reads = Locked(0)

        func save(_ secrets: SessionSecrets, for session: SessionKey, generation: String) throws {
            try kept.save(secrets, for: session, generation: generation)
        }

        func secrets(for session: SessionKey, generation: String) throws -> SessionSecrets? {
            reads.withLock { $0 += 1 }
            // The store's own wait, not a test waiting for something: a prompt nobody answers for 3 s.
            Thread.sleep(forTimeInterval: 3)
            return try kept.secrets(for: session, generation: generation)
        }

        func removeSecrets(for session: SessionKey, keeping generation: String?) throws {
            try kept.removeSecrets(for: session, keeping: generation)
        }
    }

    struct Echo: Decodable, Sendable {
        let headers: [[String]]
    }

    /// Four requests at once through a `NetworkClient` whose
    /// `AuthTokenHeaderBehavior` reads the token from a file store whose
    /// secret store waits 3 s per read: another task's 10 ms ticks keep
    /// coming all the while. (Were the reads made on the pool, its two
    /// threads on this machine would be held for six seconds, and the
    /// ticker would count next to nothing.) In a process of its own, so
    /// the other tests' work does not count against the pool.
    @Test(.tags(.python)) func fourRequestsWaitingForTheSecretStoreLeaveThePoolFree() async throws {
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let during = try await WaitingStoreTests.ticksWhileFourRequestsWait()
            // About 300 ticks in three seconds when nothing is in the way; a loaded machine gives fewer.
            guard during >= 30 else {
                print("the ticker ticked \(during) times while the requests waited")
                exit(1)
            }
        }
        if let child, child.exitStatus != .exitCode(0) {
            Issue.record("the child said: \(String(decoding: child.standardOutputContent, as: UTF8.self))")
        }
    }

    /// How many times a 10 ms ticker ticked while four requests waited for the slow secret store.
    static func ticksWhileFourRequestsWait() async throws -> Int {
        try await withLoopbackServer { server in
            let directory = TemporaryDirectory()
            let secrets = SlowSecretStore()
            let store = FileLoginStateStore(fileURL: directory.file("session.json"), secrets: secrets)
            var credential = Credential(token: Sample.token(), server: server.originA)
            credential.secretsLocation = .keyring
            try store.save(credential)
            let client = NetworkClient(
                baseURL: server.originA, transport: URLSessionTransport(timeout: 60),
                behavior: AuthTokenHeaderBehavior(repository: store))

            let ticks = Locked(0)
            let ticker = Task {
                while (try? await Task.sleep(for: .milliseconds(10))) != nil { ticks.withLock { $0 += 1 } }
            }
            defer { ticker.cancel() }
            let before = ticks.withLock { $0 }
            try await withThrowingTaskGroup(of: Echo.self) { group in
                for _ in 0..<4 { group.addTask { try await client.send(Request<Echo>(path: "/echo")) } }
                for try await echo in group {
                    let sent = echo.headers.filter { $0.first == "Authorization" }.compactMap(\.last)
                    guard sent == ["Bearer \(Sample.secret)"] else {
                        print("a request carried \(sent.count) Authorization headers, not the session's one")
                        exit(1)
                    }
                }
            }
            guard secrets.reads.withLock({ $0 }) == 4 else {
                print(
                    "the secret store was read \(secrets.reads.withLock { $0 }) times, not once per request")
                exit(1)
            }
            return ticks.withLock { $0 } - before
        }
    }
}
