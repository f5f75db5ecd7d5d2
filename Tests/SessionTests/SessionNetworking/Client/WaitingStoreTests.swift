import Foundation
import Session
import SessionSupport
import SessionSystem
import SessionTestSupport
import SessionURLSession
import Testing

/// A store that waits (another process's lock, a keyring's unlock prompt)
/// never holds one of Swift's cooperative threads, of which there are as
/// many as cores: the requests that wait for it leave every other task of
/// the process running.
@Suite struct WaitingStoreTests {
    /// A secret store whose reads wait, as the keyring does while its
    /// unlock prompt is open, until the person answers: here, until another
    /// task of the process has ticked 300 times (3 s of 10 ms ticks). If the
    /// reads held the pool, the ticks could not come, and each read gives up
    /// after a minute and says so.
    final class SlowSecretStore: SecretStore {
        let kept = InMemorySecretStore()
        let reads = Locked(0)
        let gaveUp = Locked(0)
        private let answered = DispatchSemaphore(value: 0)

        /// The person answers the prompt: every read waiting now, and every read to come, goes on.
        func answer() {
            for _ in 0..<16 { answered.signal() }
        }

        func save(_ secrets: SessionSecrets, for session: SessionKey, generation: String) throws {
            try kept.save(secrets, for: session, generation: generation)
        }

        func secrets(for session: SessionKey, generation: String) throws -> SessionSecrets? {
            reads.withLock { $0 += 1 }
            if answered.wait(timeout: .now() + 60) == .timedOut { gaveUp.withLock { $0 += 1 } }
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
    /// secret store waits for another task's 10 ms ticks: the ticks keep
    /// coming while all four wait, and release them. (Were the reads made on
    /// the pool, its two threads on this machine would be held, the ticker
    /// would stall, and the reads would give up after a minute.) In a
    /// process of its own (``ChildRun``), so the other tests' work does not
    /// count against the pool.
    @Test(.tags(.python)) func fourRequestsWaitingForTheSecretStoreLeaveThePoolFree() async throws {
        if ChildRun.role == "four-requests" {
            let gaveUp = try await WaitingStoreTests.readsThatGaveUpWhileFourRequestsWait()
            guard gaveUp == 0 else {
                print("\(gaveUp) of the four reads gave up: the ticker did not tick while they waited")
                exit(1)
            }
            print("none gave up")
            exit(0)
        }
        let child = try await ChildRun.run(
            "WaitingStoreTests/fourRequestsWaitingForTheSecretStoreLeaveThePoolFree", as: "four-requests")
        #expect(child.status == 0, "the child said: \(child.output)")
        #expect(child.output.contains("none gave up"), "the child ran no test: \(child.output)")
    }

    /// How many of the four requests' reads of the slow secret store gave
    /// up waiting for a ticker to tick 300 times.
    static func readsThatGaveUpWhileFourRequestsWait() async throws -> Int {
        try await withLoopbackServer { server in
            let directory = TemporaryDirectory()
            let secrets = SlowSecretStore()
            let store = FileLoginStateStore(fileURL: directory.file("session.json"), secrets: secrets)
            var credential = Credential(token: Sample.token(), server: server.originA)
            credential.secretsLocation = .keyring
            try store.save(credential)
            let client = NetworkClient(
                baseURL: server.originA, transport: URLSessionTransport(timeout: 120),
                behavior: AuthTokenHeaderBehavior(repository: store))

            // 300 ticks of 10 ms, then the person answers: the reads wait for these ticks.
            let ticker = Task {
                for _ in 0..<300 {
                    guard (try? await Task.sleep(for: .milliseconds(10))) != nil else { return }
                }
                secrets.answer()
            }
            defer { ticker.cancel() }
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
            return secrets.gaveUp.withLock { $0 }
        }
    }
}
