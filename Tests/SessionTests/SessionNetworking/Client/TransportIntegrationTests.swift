import Foundation
import Session
import SessionSupport
import SessionTestSupport
import SessionURLSession
import Testing

/// The real thing: each transport (URLSessionTransport, and CurlTransport
/// where the system's libcurl is) against the Python server on two
/// loopback ports (two origins). Each test starts the server and stops it.
@Suite struct TransportIntegrationTests {
    /// The transports under test.
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case urlSession
        #if os(Linux)
            case curl
        #endif

        func transport(timeout: TimeInterval) -> any Transport {
            switch self {
            case .urlSession: URLSessionTransport(timeout: timeout)
            #if os(Linux)
                case .curl: CurlTransport(timeout: timeout)
            #endif
            }
        }

        var testDescription: String { rawValue }
    }

    struct Echo: Decodable, Sendable {
        let method: String
        let path: String
        let port: Int
        let headers: [[String]]

        func values(of name: String) -> [String] {
            headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
        }
    }

    func withServer(_ body: (LoopbackServer, InMemoryLoginStateStore) async throws -> Void) async throws {
        try await withLoopbackServer { server in
            // The token is scoped to origin A; origin B is "another server".
            let store = InMemoryLoginStateStore(
                .loggedIn(Credential(token: Sample.token(), server: server.originA)))
            try await body(server, store)
        }
    }

    func client(
        _ server: LoopbackServer, _ store: InMemoryLoginStateStore, _ kind: Kind,
        headerName: String = "Authorization",
        scheme: String? = "Bearer"
    ) -> NetworkClient {
        NetworkClient(
            baseURL: server.originA, transport: kind.transport(timeout: 10),
            behavior: CombinedRequestBehavior([
                AuthTokenHeaderBehavior(repository: store, headerName: headerName, scheme: scheme),
                UnauthorizedLogoutBehavior(repository: store),
            ]))
    }

    @Test(.tags(.python), arguments: Kind.allCases) func theServerReceivesTheHeaderExactlyOnce(kind: Kind)
        async throws
    {
        try await withServer { server, store in
            let echo = try await client(server, store, kind).send(Request<Echo>(path: "/echo"))
            Secret.expectEqual(echo.values(of: "Authorization"), ["Bearer \(Sample.secret)"], "Authorization")
            let raw = try await client(server, store, kind, headerName: "X-Auth-Token", scheme: nil).send(
                Request<Echo>(path: "/echo"))
            Secret.expectEqual(raw.values(of: "X-Auth-Token"), [Sample.secret], "X-Auth-Token")
            #expect(raw.values(of: "Authorization").isEmpty)
        }
    }

    /// Every request names a `User-Agent` (GitHub's API refuses one that
    /// does not): the library's own unless the request names its own, on
    /// every hop of a redirect to another origin too.
    @Test(.tags(.python), arguments: Kind.allCases) func everyRequestNamesAUserAgent(kind: Kind) async throws
    {
        try await withServer { server, store in
            let plain = try await client(server, store, kind).send(Request<Echo>(path: "/echo"))
            #expect(plain.values(of: "User-Agent") == ["Session/\(sessionVersion)"])
            let own = try await client(server, store, kind).send(
                Request<Echo>(path: "/echo", headers: ["User-Agent": "MyApp/2.1"]))
            #expect(own.values(of: "User-Agent") == ["MyApp/2.1"])
            let redirected = try await client(server, store, kind).send(
                Request<Echo>(path: "/redirect/other"))
            #expect(redirected.port == server.portB)
            #expect(redirected.values(of: "User-Agent") == ["Session/\(sessionVersion)"])
        }
    }

    @Test(.tags(.python), arguments: Kind.allCases) func aSameOriginRedirectKeepsTheToken(kind: Kind)
        async throws
    {
        try await withServer { server, store in
            let echo = try await client(server, store, kind).send(
                Request<Echo>(path: "/redirect/same", headers: ["X-Custom": "kept"]))
            #expect(echo.port == server.portA && echo.path == "/echo")
            Secret.expectEqual(echo.values(of: "Authorization"), ["Bearer \(Sample.secret)"], "Authorization")
            #expect(echo.values(of: "X-Custom") == ["kept"])
        }
    }

    @Test(.tags(.python), arguments: Kind.allCases) func aRedirectToAnotherOriginArrivesWithoutSecrets(
        kind: Kind
    ) async throws {
        try await withServer { server, store in
            for (name, scheme) in [("Authorization", "Bearer"), ("X-Auth-Token", nil)] {
                let request = Request<Echo>(
                    path: "/redirect/other",
                    headers: [
                        "Cookie": "session=abc", "X-Custom": "secret-ish", "Accept": "application/json",
                        "Accept-Language": "ja",
                    ])
                let echo = try await client(server, store, kind, headerName: name, scheme: scheme).send(
                    request)
                #expect(echo.port == server.portB, "the redirect was not followed")
                let crossed = [name, "Cookie", "X-Custom"].filter { !echo.values(of: $0).isEmpty }
                #expect(crossed.isEmpty, "these headers crossed to another origin")
                #expect(echo.values(of: "Accept") == ["application/json"])
                #expect(echo.values(of: "Accept-Language") == ["ja"])
                Secret.expectAbsent(
                    [Sample.secret], in: echo.headers.flatMap { $0 }.joined(separator: "\n"), "the headers")
            }
        }
    }

    @Test(.tags(.python), arguments: Kind.allCases) func afterALogoutNoHeaderIsSent(kind: Kind) async throws {
        try await withServer { server, store in
            let api = client(server, store, kind)
            let before = try await api.send(Request<Echo>(path: "/echo"))
            #expect(before.values(of: "Authorization").count == 1)
            store.clear()
            let after = try await api.send(Request<Echo>(path: "/echo"))
            #expect(after.values(of: "Authorization").isEmpty)
        }
    }

    @Test(.tags(.python), arguments: Kind.allCases) func errorsMapToTheirCases(kind: Kind) async throws {
        try await withServer { server, store in
            let api = client(server, store, kind)
            await expect(api, "/status/500") {
                if case .status(500, let body) = $0 {
                    String(decoding: body, as: UTF8.self).contains("status 500")
                } else {
                    false
                }
            }
            #expect(store.load() != .loggedOut, "a 500 must not log out")
            await expect(api, "/bad-json") { if case .decoding = $0 { true } else { false } }
            await expect(api, "/status/401") { if case .status(401, _) = $0 { true } else { false } }
            #expect(store.load() == .loggedOut, "a 401 from the session's server logs out")

            let closed = NetworkClient(
                baseURL: server.closedOrigin, transport: kind.transport(timeout: 10))
            await expect(closed, "/echo") { if case .transport = $0 { true } else { false } }
        }
    }

    func expect(
        _ client: NetworkClient, _ path: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ matches: (NetworkError) -> Bool
    ) async {
        do {
            _ = try await client.send(Request<Echo>(path: path))
            Issue.record("\(path) succeeded", sourceLocation: sourceLocation)
        } catch let error as NetworkError {
            #expect(matches(error), "\(path): \(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(path): not a NetworkError: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// A server that keeps redirecting: the 11th redirect in a row is a
    /// transport failure, and the server saw exactly 11 requests.
    @Test(.tags(.python), arguments: Kind.allCases) func moreThanTenRedirectsFail(kind: Kind) async throws {
        try await withServer { server, store in
            do {
                _ = try await client(server, store, kind).send(Request<Echo>(path: "/redirect/loop/0"))
                Issue.record("an endless redirect chain succeeded")
            } catch NetworkError.transport(let error) {
                #expect((error as? ConnectionError)?.reason == .tooManyRedirects)
            }
            // Ten redirects are fine.
            let echo = try await client(server, store, kind).send(
                Request<Echo>(path: "/redirect/loop/1?stop=11"))
            #expect(echo.path == "/echo?hops=10")
        }
    }

    /// The caller's percent-encoding arrives as written: `%2B` is not `+`,
    /// `%2F` is not `/`.
    @Test(.tags(.python), arguments: Kind.allCases) func thePathAndQueryArriveAsWritten(kind: Kind)
        async throws
    {
        try await withServer { server, store in
            let echo = try await client(server, store, kind).send(
                Request<Echo>(
                    path: "/echo/a%2Fb?q=1%2B1&r=a+b&s=%7E",
                    queryItems: [URLQueryItem(name: "t", value: "x+y&z")]))
            #expect(echo.path == "/echo/a%2Fb?q=1%2B1&r=a+b&s=%7E&t=x%2By%26z")
        }
    }
}
