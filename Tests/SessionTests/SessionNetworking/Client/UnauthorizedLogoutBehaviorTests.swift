import Foundation
import Session
import Testing

/// A 401 ends the session only if it is about the session's current token,
/// from the session's own origin after redirects.
@Suite struct UnauthorizedLogoutBehaviorTests {
    static let api = "https://api.example.com"

    /// A client as an app builds it: the token behavior and the 401 behavior.
    func client(_ store: any LoginStateRepository, baseURL: String = api, _ answer: StubTransport.Answer)
        -> NetworkClient
    {
        NetworkClient(
            baseURL: url(baseURL), transport: StubTransport(answer),
            behavior: CombinedRequestBehavior([
                AuthTokenHeaderBehavior(repository: store), UnauthorizedLogoutBehavior(repository: store),
            ]))
    }

    func session(server: String?) -> InMemoryLoginStateStore {
        InMemoryLoginStateStore(
            .loggedIn(Credential(token: Sample.token(), server: server.flatMap(URL.init(string:)))))
    }

    @Test func a401ForTheCurrentTokenFromItsServerLogsOut() async {
        let named = session(server: Self.api)
        _ = try? await client(named, .fixture("unauthorized-401")).send(Request<User>(path: "/user"))
        #expect(named.load() == .loggedOut)

        let unnamed = session(server: nil)
        _ = try? await client(unnamed, baseURL: "https://any.example", .fixture("unauthorized-401"))
            .send(Request<User>(path: "/user"))
        #expect(unnamed.load() == .loggedOut)
    }

    @Test func otherAnswersAndOtherOriginsKeepTheSession() async {
        for (base, fixture) in [
            ("https://other.example", "unauthorized-401"), (Self.api, "forbidden-403"),
            (Self.api, "server-error-500"), (Self.api, "user-200"),
        ] {
            let store = session(server: Self.api)
            _ = try? await client(store, baseURL: base, .fixture(fixture)).send(Request<User>(path: "/user"))
            #expect(store.load() != .loggedOut, "\(base) \(fixture)")
        }
    }

    /// The request went to the session's server, but a redirect took it to
    /// another origin, and that one answered 401: not about this session.
    @Test func a401FromAnotherOriginAfterARedirectKeepsTheSession() async {
        for server in [Self.api, nil] {
            let store = session(server: server)
            let answer = StubTransport.Answer.respond { request in
                try StubTransport.load(
                    "unauthorized-401", for: request, from: URL(string: "https://elsewhere.example/x"))
            }
            _ = try? await client(store, answer).send(Request<User>(path: "/user"))
            #expect(store.load() != .loggedOut, "server \(server ?? "none")")
        }
    }

    /// The session was replaced while the request was in flight: the late
    /// 401 is about the old token and must not log out the new session.
    @Test func aLate401ForAnOldTokenKeepsTheNewerSession() async {
        let store = session(server: Self.api)
        let newer = Credential(token: Sample.token(Sample.otherSecret), server: URL(string: Self.api))
        let answer = StubTransport.Answer.respond { request in
            try store.save(newer)
            return try StubTransport.load("unauthorized-401", for: request)
        }
        _ = try? await client(store, answer).send(Request<User>(path: "/user"))
        #expect(store.load() == .loggedIn(newer))
    }

    /// The same across processes: another `session-cli login` replaces the
    /// file while the request is in flight.
    @Test func aLate401KeepsASessionAnotherProcessSaved() async throws {
        let home = TemporaryDirectory()
        let runner = CommandRunner(home: home)
        let store = FileLoginStateStore(fileURL: runner.defaultStore)
        try store.save(Credential(token: Sample.token(), server: URL(string: Self.api)))
        let answer = StubTransport.Answer.respond { request in
            let login = try await runner.run(
                ["login", "--with-token", "--server", Self.api], stdin: Sample.otherSecret.data)
            #expect(login.status == 0)
            return try StubTransport.load("unauthorized-401", for: request)
        }
        _ = try? await client(store, answer).send(Request<User>(path: "/user"))
        Secret.expectEqual(try store.load().credential?.token.value, Sample.otherSecret, "the stored token")
    }

    /// A header on the request itself wins over the token behavior's, so the
    /// session's token was never sent: its 401 is not about the session.
    @Test func a401ToARequestThatReplacedTheTokenHeaderKeepsTheSession() async {
        let store = session(server: Self.api)
        _ = try? await client(store, .fixture("unauthorized-401")).send(
            Request<User>(path: "/user", headers: ["authorization": "Bearer someone-elses-token"]))
        #expect(store.load() != .loggedOut)
    }

    @Test func theLoginButtonComesBackAfterA401() async throws {
        let store = session(server: nil)
        let usecase = LoginUsecase(repository: store)
        #expect(try usecase.strategy().action == .logOut)
        _ = try? await client(store, .fixture("unauthorized-401")).send(Request<User>(path: "/user"))
        #expect(try usecase.strategy().action == .logIn)
    }
}
