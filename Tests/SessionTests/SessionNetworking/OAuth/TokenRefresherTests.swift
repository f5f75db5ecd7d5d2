import Foundation
import Session
import SessionSupport
import SessionSystem
import Testing

/// The refresher's rules with a stub token endpoint: one refresh in flight,
/// the loop guard, the stale-401 rule, and "clear only if unchanged".
@Suite struct TokenRefresherTests {
    static let provider = OAuthProvider(
        issuer: url("https://login.example.com"), clientID: "cli",
        tokenEndpoint: url("https://login.example.com/token"))

    /// A token endpoint that counts refreshes and answers each with a new pair.
    final class TokenEndpoint: Transport {
        let refreshes = Locked(0)
        let answer: @Sendable (Int, SentRequest) throws -> (Data, HTTPResponse)

        init(answer: (@Sendable (Int, SentRequest) throws -> (Data, HTTPResponse))? = nil) {
            self.answer =
                answer ?? { count, request in
                    let body = Data(
                        #"{"access_token": "at_rotated_\#(count)_0123456789", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt_rotated_\#(count)_0123456789"}"#
                            .utf8)
                    return (
                        body,
                        response(request, 200)
                    )
                }
        }

        func send(_ head: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse) {
            let request = SentRequest(head: head, body: body)
            let count = refreshes.withLock { count in
                count += 1
                return count
            }
            await Task.yield()
            return try answer(count, request)
        }
    }

    /// The tests' clock: a refresher judges expiry by it, never by the wall
    /// clock, so a test that waits for a busy machine judges the same.
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A session started an hour ago whose token expires `seconds` from now
    /// (so its refresh margin is the full 60 s).
    func session(expiresIn seconds: TimeInterval, token: String = "at_original_0123456789") -> Credential {
        Credential(
            token: Sample.token(token), refreshToken: Sample.token("rt_original_0123456789"),
            server: url("https://api.example.com"), issuedAt: Self.now.addingTimeInterval(-3600),
            expiresAt: Self.now.addingTimeInterval(seconds),
            provider: Self.provider)
    }

    @Test func aFreshTokenIsNotRefreshedAndADueOneIs() async throws {
        let endpoint = TokenEndpoint()
        let store = InMemoryLoginStateStore(.loggedIn(session(expiresIn: 3600)))
        let refresher = TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
        Secret.expectEqual(
            try await refresher.currentCredential()?.token.value, "at_original_0123456789", "fresh")
        #expect(endpoint.refreshes.withLock { $0 } == 0)

        try store.save(session(expiresIn: 30))  // within the 60 s margin
        let fresh = try #require(try await refresher.currentCredential())
        Secret.expectEqual(fresh.token.value, "at_rotated_1_0123456789", "the rotated token")
        // Saved before it is handed out, refresh token rotated too.
        #expect(store.load() == .loggedIn(fresh))
        Secret.expectEqual(fresh.refreshToken?.value, "rt_rotated_1_0123456789", "the rotated refresh token")
        #expect(
            fresh.account == nil && fresh.server == url("https://api.example.com")
                && fresh.provider == Self.provider)
    }

    @Test func manyTasksShareOneRefresh() async throws {
        let endpoint = TokenEndpoint()
        // A store with no lock of its own: only the refresher's single flight
        // keeps the 50 tasks to one refresh.
        let store = UnlockedStore(inner: InMemoryLoginStateStore(.loggedIn(session(expiresIn: -5))))
        let refresher = TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
        let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<50 { group.addTask { try await refresher.currentCredential()?.token.value } }
            return try await group.reduce(into: Set<String?>()) { $0.insert($1) }
        }
        #expect(endpoint.refreshes.withLock { $0 } == 1)
        #expect(tokens.count == 1)
    }

    /// Two refreshers on one store (two "processes"): the second finds the
    /// rotated session under the lock and sends nothing.
    @Test func aSecondRefresherUsesTheRotatedSession() async throws {
        let endpoint = TokenEndpoint()
        let directory = TemporaryDirectory()
        let store = FileLoginStateStore(fileURL: directory.file("session.json"))
        try store.save(session(expiresIn: -5))
        let refresher = {
            TokenRefresher.patient(
                repository: FileLoginStateStore(
                    fileURL: store.fileURL, lockTimeout: Sample.lockTimeoutUnderLoad),
                transport: endpoint, now: { Self.now })
        }
        let (first, second) = (refresher(), refresher())
        async let one = first.currentCredential()
        async let two = second.currentCredential()
        let (a, b) = try await (one, two)
        #expect(endpoint.refreshes.withLock { $0 } == 1)
        #expect(a?.token == b?.token)
    }

    /// Two refreshers on one session file, as two processes: the guard
    /// counts the refreshes in the session, so together they stop at 5.
    @Test func theLoopGuardStopsAfterFiveRefreshesOfASessionInThirtySeconds() async throws {
        let endpoint = TokenEndpoint()
        let directory = TemporaryDirectory()
        let file = directory.file("session.json")
        try FileLoginStateStore(fileURL: file).save(session(expiresIn: 3600))
        let processes = (0..<2).map { _ in
            let store = FileLoginStateStore(fileURL: file)
            return (store, TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now }))
        }
        for round in 0..<5 {
            let (store, refresher) = processes[round % 2]
            let refused = try #require(try store.load().credential).token.fingerprint
            _ = try await refresher.refresh(replacing: refused)
        }
        let (store, refresher) = processes[1]
        let refused = try #require(try store.load().credential).token.fingerprint
        await #expect(throws: SignInError.refreshLoopStopped(limit: 5, seconds: 30)) {
            try await refresher.refresh(replacing: refused)
        }
        #expect(endpoint.refreshes.withLock { $0 } == 5)
        #expect(try store.load().credential?.refreshedAt.count == 5)
    }

    /// Refreshes older than 30 s do not count.
    @Test func theLoopGuardForgetsRefreshesOlderThanItsWindow() async throws {
        let endpoint = TokenEndpoint()
        var old = session(expiresIn: 3600)
        old.refreshedAt = (1...5).map { Self.now.addingTimeInterval(-60 - Double($0)) }
        let store = InMemoryLoginStateStore(.loggedIn(old))
        let fresh = try await TokenRefresher.patient(
            repository: store, transport: endpoint, now: { Self.now }
        )
        .refresh(replacing: old.token.fingerprint)
        #expect(endpoint.refreshes.withLock { $0 } == 1)
        #expect(fresh?.refreshedAt.count == 1)
    }

    /// A 401 for a token that is no longer the stored one says nothing about
    /// the current session: no refresh.
    @Test func aRefusalOfAnOlderTokenDoesNotRefresh() async throws {
        let endpoint = TokenEndpoint()
        let store = InMemoryLoginStateStore(.loggedIn(session(expiresIn: 3600, token: "at_newer_0123456789")))
        let refresher = TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
        let current = try await refresher.refresh(replacing: Sample.token("at_older_0123456789").fingerprint)
        Secret.expectEqual(current?.token.value, "at_newer_0123456789", "the kept token")
        #expect(endpoint.refreshes.withLock { $0 } == 0)
    }

    /// `invalid_grant`, and GitHub's `bad_refresh_token` (sent with HTTP
    /// 200), end the session whose refresh token they refused.
    @Test(arguments: [(#"{"error": "invalid_grant"}"#, 400), (#"{"error": "bad_refresh_token"}"#, 200)])
    func aRefusedRefreshTokenClearsTheSessionItRefused(body: String, status: Int) async throws {
        let endpoint = TokenEndpoint { _, request in
            (
                Data(body.utf8),
                response(request, status)
            )
        }
        let store = InMemoryLoginStateStore(.loggedIn(session(expiresIn: -5)))
        await #expect(throws: SignInError.refreshRefused) {
            try await TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
                .currentCredential()
        }
        #expect(store.load() == .loggedOut)
    }

    /// A store without a lock of its own: another writer saved a new session
    /// while the refused request was in flight. That session stays.
    @Test func invalidGrantKeepsASessionThatChangedMeanwhile() async throws {
        let inner = InMemoryLoginStateStore(.loggedIn(session(expiresIn: -5)))
        let store = UnlockedStore(inner: inner)
        let newer = session(expiresIn: 3600, token: "at_saved_by_another_0123")
        let endpoint = TokenEndpoint { _, request in
            var replaced = newer
            replaced.refreshToken = Sample.token("rt_saved_by_another_0123")
            try inner.save(replaced)
            return (
                Data(#"{"error": "invalid_grant"}"#.utf8),
                response(request, 400)
            )
        }
        await #expect(throws: SignInError.refreshRefused) {
            try await TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
                .currentCredential()
        }
        Secret.expectEqual(
            inner.load().credential?.token.value, "at_saved_by_another_0123", "the newer session")
    }

    @Test func aTransportFailureKeepsTheSession() async throws {
        let original = session(expiresIn: -5)
        let store = InMemoryLoginStateStore(.loggedIn(original))
        await #expect(throws: NetworkError.self) {
            try await TokenRefresher.patient(
                repository: store, transport: StubTransport(.failure(.cannotConnectToHost)), now: { Self.now }
            )
            .currentCredential()
        }
        #expect(store.load() == .loggedIn(original))
    }

    /// A 401, then a refresh that fails for a passing reason (the provider
    /// is unreachable): the 401 stands, and the session, which can still
    /// refresh later, is kept.
    @Test func a401WithAFailedRefreshKeepsTheSession() async throws {
        let original = session(expiresIn: 3600)
        let store = InMemoryLoginStateStore(.loggedIn(original))
        let refresher = TokenRefresher.patient(
            repository: store, transport: StubTransport(.failure(.cannotConnectToHost)), now: { Self.now })
        let client = NetworkClient(
            baseURL: url("https://api.example.com"), transport: StubTransport(.fixture("unauthorized-401")),
            behavior: CombinedRequestBehavior([
                AuthTokenHeaderBehavior(repository: store, refresher: refresher),
                UnauthorizedLogoutBehavior(repository: store),
            ]))
        await #expect(throws: NetworkError.self) { try await client.send(Request<User>(path: "/user")) }
        #expect(store.load() == .loggedIn(original))
    }

    /// A token inside the margin but not expired is still used when the
    /// provider cannot be reached.
    @Test func aDueButValidTokenSurvivesAnUnreachableProvider() async throws {
        let store = InMemoryLoginStateStore(.loggedIn(session(expiresIn: 30)))
        let refresher = TokenRefresher.patient(
            repository: store, transport: StubTransport(.failure(.cannotConnectToHost)), now: { Self.now })
        Secret.expectEqual(
            try await refresher.currentCredential()?.token.value, "at_original_0123456789", "the kept token")
    }

    /// A token that lives 15 s is due at half its life, not at once: used
    /// for 7.5 s, then refreshed, and the new one is not due again.
    @Test func aShortLivedTokenIsDueAtHalfItsLifetime() async throws {
        let endpoint = TokenEndpoint { count, request in
            let body =
                #"{"access_token": "at_short_\#(count)_0123456789", "token_type": "Bearer", "expires_in": 15}"#
            return (Data(body.utf8), response(request, 200))
        }
        var short = session(expiresIn: 15)
        short.issuedAt = Self.now
        let store = InMemoryLoginStateStore(.loggedIn(short))
        // Due at half its 15 s lifetime: not at 7 s, at 8 s.
        #expect(
            !short.isDue(at: Self.now.addingTimeInterval(7))
                && short.isDue(at: Self.now.addingTimeInterval(8)))
        let early = TokenRefresher.patient(
            repository: store, transport: endpoint, now: { Self.now.addingTimeInterval(7) })
        Secret.expectEqual(
            try await early.currentCredential()?.token.value, "at_original_0123456789", "not due")
        let late = TokenRefresher.patient(
            repository: store, transport: endpoint, now: { Self.now.addingTimeInterval(8) })
        let fresh = try #require(try await late.currentCredential())
        Secret.expectEqual(fresh.token.value, "at_short_1_0123456789", "refreshed")
        #expect(fresh.tokenLifetime == 15)
        _ = try await late.currentCredential()
        #expect(endpoint.refreshes.withLock { $0 } == 1, "a fresh 15 s token was due at once")
    }

    /// The loop guard does not fail a token that still works: it is used.
    @Test func theLoopGuardKeepsAValidTokenInUse() async throws {
        let endpoint = TokenEndpoint()
        var busy = session(expiresIn: 30)
        busy.refreshedAt = Array(repeating: Self.now, count: 5)
        let store = InMemoryLoginStateStore(.loggedIn(busy))
        let refresher = TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
        Secret.expectEqual(
            try await refresher.currentCredential()?.token.value, "at_original_0123456789", "kept")
        #expect(endpoint.refreshes.withLock { $0 } == 0)
        try store.save(session(expiresIn: -1))
        var expired = session(expiresIn: -1)
        expired.refreshedAt = Array(repeating: Self.now, count: 5)
        try store.save(expired)
        await #expect(throws: SignInError.refreshLoopStopped(limit: 5, seconds: 30)) {
            try await refresher.currentCredential()
        }
        #expect(!SignInError.refreshLoopStopped(limit: 5, seconds: 30).description.contains("server"))
    }

    /// A token of unknown lifetime is never due; a 401 refreshes it once.
    @Test func aTokenOfUnknownLifetimeIsRefreshedOnlyAfterA401() async throws {
        let endpoint = TokenEndpoint()
        var unknown = session(expiresIn: 0)
        unknown.expiresAt = nil
        let store = InMemoryLoginStateStore(.loggedIn(unknown))
        let refresher = TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
        Secret.expectEqual(
            try await refresher.currentCredential()?.token.value, "at_original_0123456789", "kept")
        #expect(endpoint.refreshes.withLock { $0 } == 0)
        let fresh = try await refresher.refresh(replacing: unknown.token.fingerprint)
        Secret.expectEqual(fresh?.token.value, "at_rotated_1_0123456789", "refreshed after the 401")
    }

    /// A 401 for the current token refreshes once and retries the request
    /// once; the activity count still returns to 0.
    @Test func a401RefreshesAndRetriesOnce() async throws {
        let endpoint = TokenEndpoint()
        let store = InMemoryLoginStateStore(.loggedIn(session(expiresIn: 3600)))
        let refresher = TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
        let sent = Locked<[String]>([])
        let api = StubTransport(
            .respond { request in
                let auth = request.headerFields[.authorization] ?? ""
                sent.withLock { $0.append(auth) }
                return try StubTransport.load(
                    auth.contains("rotated") ? "user-200" : "unauthorized-401", for: request)
            })
        let activity = ActivityCounterBehavior()
        let client = NetworkClient(
            baseURL: url("https://api.example.com"), transport: api,
            behavior: CombinedRequestBehavior([
                activity, AuthTokenHeaderBehavior(repository: store, refresher: refresher),
                UnauthorizedLogoutBehavior(repository: store),
            ]))
        let user = try await client.send(Request<User>(path: "/user"))
        #expect(user.login == "alice")
        #expect(sent.withLock { $0.count } == 2)
        #expect(endpoint.refreshes.withLock { $0 } == 1)
        #expect(activity.count == 0)
        #expect(store.load().credential != nil, "the first 401 must not log out the refreshed session")
    }

    /// A refresh whose answer is lost (its deadline passes, the connection
    /// breaks, after the request went out) is sent once more at once, with
    /// the same refresh token; a provider with a reuse grace period answers
    /// with the pair it rotated to, and the session goes on.
    @Test(arguments: [ConnectionError.Reason.noAnswer(seconds: 15), .connectionLost])
    func aLostAnswerIsAskedForOnceMoreWithTheSameRefreshToken(lost: ConnectionError.Reason) async throws {
        let sent = Locked<[String]>([])
        let endpoint = TokenEndpoint { count, request in
            let body = String(decoding: request.bodyData ?? Data(), as: UTF8.self)
            sent.withLock { $0.append(body) }
            // The provider rotates at the first request; its answer never arrives.
            if count == 1 { throw ConnectionError(lost) }
            let answer = Data(
                #"{"access_token": "at_rotated_0123456789", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt_rotated_0123456789"}"#
                    .utf8)
            return (answer, response(request, 200))
        }
        let store = InMemoryLoginStateStore(.loggedIn(session(expiresIn: -5)))
        let refresher = TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
        let fresh = try #require(try await refresher.currentCredential())
        Secret.expectEqual(fresh.token.value, "at_rotated_0123456789", "the pair of the retry")
        #expect(sent.withLock { $0.count } == 2)
        #expect(sent.withLock { Set($0).count } == 1, "the retry sent another refresh token")
        #expect(store.load() == .loggedIn(fresh))
    }

    /// When the provider refuses the retried token (no grace period), the
    /// session ends, and the error says the first answer was lost.
    @Test func aLostAnswerThenARefusalSaysTheAnswerWasLost() async throws {
        let endpoint = TokenEndpoint { count, request in
            if count == 1 { throw DeadlineExceededError(limit: .seconds(15)) }
            return (Data(#"{"error": "invalid_grant"}"#.utf8), response(request, 400))
        }
        let store = InMemoryLoginStateStore(.loggedIn(session(expiresIn: -5)))
        let refresher = TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
        await #expect(throws: SignInError.refreshAnswerLost) { try await refresher.currentCredential() }
        #expect(endpoint.refreshes.withLock { $0 } == 2)
        #expect(store.load() == .loggedOut)
    }

    /// A client signed in as itself has no refresh token to lose with an
    /// answer: a refusal after the retry is the plain refusal.
    @Test func aClientWhoseRetryIsRefusedIsSimplyRefused() async throws {
        let endpoint = TokenEndpoint { count, request in
            if count == 1 { throw DeadlineExceededError(limit: .seconds(15)) }
            return (Data(#"{"error": "invalid_client"}"#.utf8), response(request, 401))
        }
        var client = session(expiresIn: -5)
        client.refreshToken = nil
        client.provider?.usesClientCredentials = true
        client.provider?.clientSecret = Sample.token("client_secret_0123456789")
        let store = InMemoryLoginStateStore(.loggedIn(client))
        let refresher = TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
        await #expect(throws: SignInError.refreshRefused) { try await refresher.currentCredential() }
        #expect(endpoint.refreshes.withLock { $0 } == 2)
        #expect(store.load() == .loggedOut)
    }

    /// A connection refused sent nothing: it is not sent again.
    @Test func aRefusedConnectionIsNotRetried() async throws {
        let endpoint = TokenEndpoint { _, _ in throw URLError(.cannotConnectToHost) }
        let store = InMemoryLoginStateStore(.loggedIn(session(expiresIn: -5)))
        let refresher = TokenRefresher.patient(repository: store, transport: endpoint, now: { Self.now })
        await #expect(throws: NetworkError.self) { try await refresher.currentCredential() }
        #expect(endpoint.refreshes.withLock { $0 } == 1)
        #expect(store.load() != .loggedOut, "a provider that could not be reached ends no session")
    }
}

/// A bare response with `status` to `request`.
func response(_ request: SentRequest, _ status: Int) -> HTTPResponse {
    let response = HTTPResponse.stub(status, url: request.url)
    return response
}

/// A store that keeps the protocol's default `withExclusiveAccess` (no lock).
final class UnlockedStore: LoginStateRepository {
    let inner: InMemoryLoginStateStore
    init(inner: InMemoryLoginStateStore) { self.inner = inner }
    func load() throws -> LoginState { inner.load() }
    func save(_ credential: Credential) throws { try inner.save(credential) }
    func clear() throws { inner.clear() }
}

extension TokenRefresher {
    /// The refresher as it ships, but with a deadline for each exchange that
    /// a loaded machine never crosses: the stub endpoints here answer at
    /// once, yet their task may queue behind hundreds of the run's others
    /// on two pool threads for longer than the 15 s a person's refresh
    /// waits, which would look like a lost answer and be sent again.
    static func patient(
        repository: any LoginStateRepository, transport: any Transport,
        now: @escaping @Sendable () -> Date, exclusion: Exclusion = .storeLock
    ) -> TokenRefresher {
        TokenRefresher(
            repository: repository, transport: transport, now: now, exclusion: exclusion,
            deadline: .seconds(240))
    }
}
