import Foundation
import Session
import SessionSupport
import SessionSystem
import Testing

@Suite struct NetworkClientTests {
    let base = url("https://api.example.com/v1")
    let log = Locked<[String]>([])

    func client(_ answer: StubTransport.Answer) -> (NetworkClient, StubTransport) {
        let transport = StubTransport(answer)
        return (
            NetworkClient(
                baseURL: base, transport: transport, behavior: RecordingBehavior(name: "A", log: log)),
            transport
        )
    }

    @Test func successDecodesAndRunsTheSuccessHookOnce() async throws {
        let (client, _) = client(.fixture("user-200"))
        #expect(try await client.send(Request<User>(path: "/user")) == User(login: "alice", id: 42))
        #expect(log.withLock { $0 } == ["A.headers", "A.beforeSend", "A.afterSuccess"])
    }

    static let failures: [(StubTransport.Answer, String)] = [
        (.failure(.cannotConnectToHost), "transport"),
        (.fixture("server-error-500"), "status 500"),
        (.fixture("unauthorized-401"), "status 401"),
        (.fixture("bad-json-200"), "decoding"),
    ]

    @Test(arguments: 0..<failures.count)
    func eachFailureIsItsOwnCaseAndReachesAfterFailureOnce(index: Int) async throws {
        let (answer, kind) = Self.failures[index]
        let (client, transport) = client(answer)
        do {
            _ = try await client.send(Request<User>(path: "/user"))
            Issue.record("the request succeeded")
        } catch let error as NetworkError {
            #expect(RecordingBehavior.kind(of: error) == kind)
            if case .status(_, let body) = error {
                #expect(String(decoding: body, as: UTF8.self).contains("message"))
            }
        }
        #expect(log.withLock { $0 } == ["A.headers", "A.beforeSend", "A.afterFailure(\(kind))"])
        #expect(transport.requests.count == 1, "the client must never retry")
    }

    @Test func hooksRunInOrderAndAfterHooksInReverse() async throws {
        let (client, _) = client(.fixture("user-200"))
        let perRequest = CombinedRequestBehavior([
            RecordingBehavior(name: "B", log: log), RecordingBehavior(name: "C", log: log),
        ])
        _ = try await client.send(Request<User>(path: "/user"), with: perRequest)
        #expect(
            log.withLock { $0 } == [
                "A.headers", "B.headers", "C.headers", "A.beforeSend", "B.beforeSend", "C.beforeSend",
                "C.afterSuccess", "B.afterSuccess", "A.afterSuccess",
            ])
    }

    @Test func headersMergeWithSetSemanticsAndTheRequestWins() async throws {
        let transport = StubTransport(.fixture("user-200"))
        let behavior = CombinedRequestBehavior([
            RecordingBehavior(
                name: "A", log: log, headers: ["x-trace": "from-a", "X-Only-A": "a", "Accept": "text/a"]),
            RecordingBehavior(name: "B", log: log, headers: ["X-Trace": "from-b", "accept": "text/b"]),
        ])
        let client = NetworkClient(baseURL: base, transport: transport, behavior: behavior)
        _ = try await client.send(Request<User>(path: "/user", headers: ["ACCEPT": "application/json"]))
        let sent = try #require(transport.requests.first)
        #expect(sent.headerFields[fieldName("X-Trace")] == "from-b")
        #expect(sent.headerFields[fieldName("X-Only-A")] == "a")
        #expect(sent.headerFields[.accept] == "application/json")
        #expect(sent.headerFields.filter { $0.name.canonicalName == "x-trace" }.count == 1)
    }

    static let unsafeHeaders: [(String, String, String)] = [
        ("request value with CR LF", "X-Note", "a\r\nX-Injected: 1"),
        ("request value with LF", "X-Note", "a\nb"),
        ("request value with NUL", "X-Note", "a\u{0}b"),
        ("name with a space", "X Note", "a"),
        ("name with a colon", "X-Note:", "a"),
    ]

    @Test(arguments: 0..<unsafeHeaders.count)
    func unsafeHeadersAreRefusedBeforeTheTransport(index: Int) async throws {
        let (_, name, value) = Self.unsafeHeaders[index]
        let (client, transport) = client(.fixture("user-200"))
        await #expect(throws: NetworkError.self) {
            try await client.send(Request<User>(path: "/user", headers: [name: value]))
        }
        // The same value from a behavior is refused too.
        let fromBehavior = RecordingBehavior(name: "B", log: log, headers: [name: value])
        await #expect(throws: NetworkError.self) {
            try await client.send(Request<User>(path: "/user"), with: fromBehavior)
        }
        #expect(transport.requests.isEmpty)
        #expect(!log.withLock { $0 }.contains { $0.contains("beforeSend") || $0.contains("after") })
    }

    @Test func aBehaviorThatRefusesStopsTheRequestBeforeAnyHook() async throws {
        struct Refusing: RequestBehavior {
            struct Refused: Error {}
            func additionalHeaders(for request: HTTPRequest) async throws -> [String: String] {
                throw Refused()
            }
        }
        let (client, transport) = client(.fixture("user-200"))
        await #expect(throws: Refusing.Refused.self) {
            try await client.send(Request<User>(path: "/user"), with: Refusing())
        }
        #expect(transport.requests.isEmpty)
        #expect(log.withLock { $0 } == ["A.headers"])
    }

    @Test func joinsTheBaseURLAndThePath() async throws {
        let cases: [(String, String, [URLQueryItem], String)] = [
            ("https://h.test/v1", "users", [], "https://h.test/v1/users"),
            ("https://h.test/v1/", "/users", [], "https://h.test/v1/users"),
            ("https://h.test", "/users/", [], "https://h.test/users/"),
            (
                "https://h.test/v1", "/search?q=a%20b", [URLQueryItem(name: "page", value: "2")],
                "https://h.test/v1/search?q=a%20b&page=2"
            ),
            (
                "https://h.test/v1?key=k", "x", [URLQueryItem(name: "a", value: "1&2")],
                "https://h.test/v1/x?key=k&a=1%262"
            ),
            ("https://h.test", "/with space", [], "https://h.test/with%20space"),
            ("https://h.test", "/a%2Fb/c%2Bd", [], "https://h.test/a%2Fb/c%2Bd"),
            ("https://h.test", "/s?q=1%2B1&r=a+b", [], "https://h.test/s?q=1%2B1&r=a+b"),
            (
                "https://h.test", "/caf\u{E9}", [URLQueryItem(name: "v", value: "1+1=2")],
                "https://h.test/caf%C3%A9?v=1%2B1%3D2"
            ),
            ("https://h.test:8443/base%20dir/", "x", [], "https://h.test:8443/base%20dir/x"),
            ("http://[::1]:9/", "x?flag", [], "http://[::1]:9/x?flag"),
        ]
        for (base, path, items, expected) in cases {
            let transport = StubTransport(.fixture("user-200"))
            let client = NetworkClient(baseURL: URL(string: base)!, transport: transport)
            _ = try await client.send(Request<User>(path: path, queryItems: items))
            #expect(transport.requests.first?.url?.absoluteString == expected, "\(base) + \(path)")
        }
    }

    @Test func aBadPercentEncodingIsRefusedNotRewritten() async throws {
        let (client, transport) = client(.fixture("user-200"))
        for path in ["/a%zz", "/a%2", "/q?x=%", "/q?x=%G1", "/100%"] {
            do {
                _ = try await client.send(Request<User>(path: path))
                Issue.record("\(path) was sent")
            } catch NetworkError.invalidRequest(let reason) {
                #expect(reason.contains("%25"), "\(path): \(reason)")
            }
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func aPathCannotNameAnotherServer() async throws {
        let (client, transport) = client(.fixture("user-200"))
        for path in ["https://evil.example/steal", "//evil.example/steal"] {
            await #expect(throws: NetworkError.self) { try await client.send(Request<User>(path: path)) }
        }
        await #expect(throws: NetworkError.self) {
            try await client.send(Request<User>(method: "GET X", path: "/"))
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func rawRequestsReturnTheBodyUndecoded() async throws {
        let (client, transport) = client(.fixture("bad-json-200"))
        let body = try await client.send(
            Request<Data>.raw(method: "POST", path: "/raw", body: Data("in".utf8)))
        #expect(String(decoding: body, as: UTF8.self) == #"{"login": "alice""#)
        #expect(transport.requests.first?.method == "POST")
        #expect(transport.requests.first?.bodyData == Data("in".utf8))
    }
}
