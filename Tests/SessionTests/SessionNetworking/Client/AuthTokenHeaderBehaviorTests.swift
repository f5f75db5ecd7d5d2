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
            baseURL: SessionTests.url(url), transport: transport,
            behavior: behavior ?? AuthTokenHeaderBehavior(repository: store))
        _ = try await client.send(Request<User>(path: "/user"))
        return transport.requests.first?.headerDictionary ?? [:]
    }

    @Test func sendsABearerTokenToTheSessionsServer() async throws {
        try store.save(credential(server: "https://api.example.com"))
        let bearer = ["Authorization": "Bearer \(Sample.secret)"]
        Secret.expectEqual(try await headers(for: "https://api.example.com/v1"), bearer, "the headers")
        Secret.expectEqual(try await headers(for: "https://API.example.com:443"), bearer, "the headers")
    }

    @Test func sendsTheClassicRawHeader() async throws {
        try store.save(credential(server: nil))
        let raw = AuthTokenHeaderBehavior(repository: store, headerName: "X-Auth-Token", scheme: nil)
        Secret.expectEqual(
            try await headers(for: "https://api.example.com", raw), ["X-Auth-Token": Sample.secret],
            "the headers")
    }

    @Test func sendsTheTokenToNoOtherOrigin() async throws {
        try store.save(credential(server: "https://api.example.com"))
        for other in [
            "https://api.example.com:8443", "https://evil.example", "http://api.example.com",
            "https://example.com",
        ] {
            Secret.expectEqual(try await headers(for: other), [:], "the headers sent to \(other)")
        }
    }

    @Test func sendsNoTokenOverPlainHTTPExceptToLoopback() async throws {
        try store.save(credential(server: nil))
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
        try store.save(credential(server: nil, expiresAt: Date(timeIntervalSinceNow: -1)))
        #expect(try await headers(for: "https://api.example.com").isEmpty)
    }

    @Test func loggingOutBetweenTwoRequestsRemovesTheHeader() async throws {
        try store.save(credential(server: "https://api.example.com"))
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
