import Foundation
import Session
import Testing

@Suite struct AuthTokenHeaderBehaviorTests {
    let store = InMemoryLoginStateStore()

    func credential(server: String?, expiresAt: Date? = nil) -> Credential {
        Credential(token: Sample.token(), server: server.flatMap(URL.init(string:)), expiresAt: expiresAt)
    }

    /// The headers a request to `url` gets from the behavior.
    func headers(for url: String, _ behavior: AuthTokenHeaderBehavior? = nil) async throws -> [String: String]
    {
        let transport = StubTransport(.fixture("user-200"))
        let client = NetworkClient(
            baseURL: URL(string: url)!, transport: transport,
            behavior: behavior ?? AuthTokenHeaderBehavior(repository: store))
        _ = try await client.send(Request<User>(path: "/user"))
        return transport.requests.first?.allHTTPHeaderFields ?? [:]
    }

    @Test func sendsABearerTokenToTheSessionsServer() async throws {
        store.save(credential(server: "https://api.example.com"))
        let bearer = ["Authorization": "Bearer \(Sample.secret)"]
        Secret.expectEqual(try await headers(for: "https://api.example.com/v1"), bearer, "the headers")
        Secret.expectEqual(try await headers(for: "https://API.example.com:443"), bearer, "the headers")
    }

    @Test func sendsTheClassicRawHeader() async throws {
        store.save(credential(server: nil))
        let raw = AuthTokenHeaderBehavior(repository: store, headerName: "X-Auth-Token", scheme: nil)
        Secret.expectEqual(
            try await headers(for: "https://api.example.com", raw), ["X-Auth-Token": Sample.secret],
            "the headers")
    }

    @Test func sendsTheTokenToNoOtherOrigin() async throws {
        store.save(credential(server: "https://api.example.com"))
        for other in [
            "https://api.example.com:8443", "https://evil.example", "http://api.example.com",
            "https://example.com",
        ] {
            Secret.expectEqual(try await headers(for: other), [:], "the headers sent to \(other)")
        }
    }

    @Test func sendsNoTokenOverPlainHTTPExceptToLoopback() async throws {
        store.save(credential(server: nil))
        #expect(try await headers(for: "http://api.example.com").isEmpty)
        #expect(try await headers(for: "http://10.0.0.1:8080").isEmpty)
        for loopback in [
            "http://127.0.0.1:8080", "http://localhost:3000", "http://[::1]:9000", "https://anything.example",
        ] {
            Secret.expectEqual(
                try await headers(for: loopback), ["Authorization": "Bearer \(Sample.secret)"], loopback)
        }
    }

    @Test func anExpiredSessionSendsNoHeader() async throws {
        store.save(credential(server: nil, expiresAt: Date(timeIntervalSinceNow: -1)))
        #expect(try await headers(for: "https://api.example.com").isEmpty)
    }

    @Test func loggingOutBetweenTwoRequestsRemovesTheHeader() async throws {
        store.save(credential(server: "https://api.example.com"))
        #expect(try await headers(for: "https://api.example.com").count == 1)
        _ = try await Logout().perform(with: store)
        #expect(try await headers(for: "https://api.example.com").isEmpty)
    }

    @Test func anUnreadableSessionRefusesTheRequest() async throws {
        let directory = TemporaryDirectory()
        let file = directory.file("session.json")
        try Data("{broken".utf8).write(to: file)
        let transport = StubTransport(.fixture("user-200"))
        let client = NetworkClient(
            baseURL: URL(string: "https://api.example.com")!, transport: transport,
            behavior: AuthTokenHeaderBehavior(repository: FileLoginStateStore(fileURL: file)))
        await #expect(throws: SessionFileError.self) { try await client.send(Request<User>(path: "/")) }
        #expect(transport.requests.isEmpty)
    }
}

@Suite struct ActivityCounterBehaviorTests {
    @Test(arguments: ["user-200", "server-error-500", "bad-json-200"])
    func theCountReturnsToZeroAfterEveryOutcome(fixture: String) async {
        let seen = Locked<[Int]>([])
        let activity = ActivityCounterBehavior { count in seen.withLock { $0.append(count) } }
        let client = NetworkClient(
            baseURL: URL(string: "https://a.example")!, transport: StubTransport(.fixture(fixture)),
            behavior: activity)
        _ = try? await client.send(Request<User>(path: "/"))
        #expect(seen.withLock { $0 } == [1, 0])
        #expect(activity.count == 0)
    }

    @Test func theCountReturnsToZeroAfterACancelledRequest() async throws {
        let started = AsyncStream<Void>.makeStream()
        let activity = ActivityCounterBehavior { count in if count == 1 { started.continuation.yield() } }
        let client = NetworkClient(
            baseURL: URL(string: "https://a.example")!, transport: StubTransport(.hangUntilCancelled),
            behavior: activity)
        let task = Task { try await client.send(Request<User>(path: "/slow")) }
        // Wait for the request to be in flight, then cancel it.
        for await _ in started.stream { break }
        #expect(activity.count == 1)
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case NetworkError.cancelled = error else {
            Issue.record("expected NetworkError.cancelled, got \(result)")
            return
        }
        #expect(activity.count == 0)
    }
}

extension ActivityCounterBehaviorTests {
    /// Requests that start and end together still report their counts in
    /// the order the changes happened: each report is one away from the one
    /// before, and the last is 0.
    @Test func changesAreDeliveredInOrder() async {
        let seen = Locked<[Int]>([])
        let activity = ActivityCounterBehavior { count in
            // Give the other thread time to change the count before this one reports.
            sched_yield()
            seen.withLock { $0.append(count) }
        }
        let request = URLRequest(url: URL(string: "https://a.example")!)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<400 {
                        await activity.beforeSend(request)
                        await activity.afterFailure(.cancelled, for: request)
                    }
                }
            }
        }
        let counts = seen.withLock { $0 }
        #expect(counts.count == 8 * 400 * 2)
        let jumps = zip([0] + counts, counts).filter { abs($0 - $1) != 1 }.count
        #expect(jumps == 0, "\(jumps) reports out of order")
        #expect(counts.last == 0)
    }
}

/// The README's example behavior, with its exact signatures: if one of them
/// drifted from the protocol's, the default would run and this test would fail.
@Suite struct ReadmeBehaviorExampleTests {
    struct RequestLogger: RequestBehavior {
        let lines: Locked<[String]>
        func additionalHeaders(for request: URLRequest) async throws -> [String: String] {
            lines.withLock { $0.append("headers") }
            return ["X-Request-ID": "req-1"]
        }
        func beforeSend(_ request: URLRequest) async {
            lines.withLock { $0.append("→ \(request.httpMethod ?? "GET") \(request.url?.path ?? "")") }
        }
        func afterSuccess(_ response: HTTPURLResponse, data: Data, for request: URLRequest) async {
            lines.withLock { $0.append("← \(response.statusCode)") }
        }
        func afterFailure(_ error: NetworkError, for request: URLRequest) async {
            lines.withLock { $0.append("✗ \(error)") }
        }
    }

    @Test func everyHookOfTheExampleIsCalled() async throws {
        let lines = Locked<[String]>([])
        let base = URL(string: "https://api.example.com")!
        let transport = StubTransport(.fixture("user-200"))
        _ = try await NetworkClient(
            baseURL: base, transport: transport, behavior: RequestLogger(lines: lines)
        )
        .send(Request<User>(path: "/user"))
        #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Request-ID") == "req-1")
        _ = try? await NetworkClient(baseURL: base, transport: StubTransport(.fixture("server-error-500")))
            .send(Request<User>(path: "/user"), with: RequestLogger(lines: lines))
        #expect(
            lines.withLock { $0 } == [
                "headers", "→ GET /user", "← 200", "headers", "→ GET /user",
                "✗ the server answered with status 500",
            ])
    }

}
