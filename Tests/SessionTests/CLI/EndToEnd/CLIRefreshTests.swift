import Foundation
import Session
import SessionSupport
import SessionSystem
import SessionTestSupport
import Testing

/// Refresh, `token`, and revocation end to end, against the real provider
/// with refresh-token rotation and reuse detection on.
@Suite struct CLIRefreshTests {
    let cli = CommandRunner()
    var store: FileLoginStateStore { FileLoginStateStore(fileURL: cli.defaultStore) }
    static let refreshGrant = "refresh_token"

    func signIn(_ provider: OAuthTestProvider) async throws -> Credential {
        try await cli.signIn(provider)
    }

    /// Changes the stored session, as time or another tool would.
    func edit(_ change: @escaping (inout Credential) throws -> Void) throws {
        try store.update { state in
            guard var credential = state.credential else { return }
            try change(&credential)
            state = .loggedIn(credential)
        }
    }

    func refreshes(_ provider: OAuthTestProvider) async throws -> Int {
        try await provider.counts()[Self.refreshGrant] ?? 0
    }

    /// 16 processes find the access token expired at once: exactly one
    /// refresh reaches the provider, all 16 print the same token, and the
    /// session still works afterwards (reuse detection would have revoked
    /// the grant had two of them refreshed).
    @Test(.tags(.pypi)) func sixteenProcessesRefreshOnce() async throws {
        try await withTestProvider { provider in
            _ = try await signIn(provider)
            try edit { $0.expiresAt = Date().addingTimeInterval(-10) }
            let before = try await refreshes(provider)
            let results = try await cli.runTogether(16, ["token"])
            #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
            #expect(Set(results.map(\.stdout)).count == 1)
            await #expect(try refreshes(provider) - before == 1)
            let stored = try #require(try store.load().credential)
            Secret.expectEqual(results.first?.stdout, stored.token.value + "\n", "the printed token")
            let api = try await cli.run(["api", "/api/me"])
            #expect(api.status == 0, "\(api.stderr)")
            #expect(api.stdout.contains("alice"))
        }
    }

    /// Eight processes at once on a 50 s token that is due: one refresh
    /// between them, and every one gets the same working token. The margin
    /// is half a short token's lifetime (25 s here), so the rotated token
    /// is not due at once; a fixed 60 s margin made every call refresh.
    /// Twenty-five seconds is more than eight processes take on any machine
    /// this runs on, so a second rotation does not happen. On a loaded
    /// machine a refresh's answer may come after its deadline: the
    /// refresher then sends the same refresh token once more, which this
    /// provider (like Okta and Auth0) answers within its grace period. The
    /// provider then counts two requests, and one token is still printed.
    @Test(.tags(.pypi)) func eightProcessesWithAShortTokenRefreshOnce() async throws {
        try await withTestProvider(
            ["PROVIDER_ACCESS_TOKEN_SECONDS": "50", "PROVIDER_REFRESH_GRACE_SECONDS": "120"]
        ) { provider in
            let session = try await signIn(provider)
            #expect(session.tokenLifetime == 50)
            try edit { $0.expiresAt = Date().addingTimeInterval(-1) }
            let before = try await refreshes(provider)
            let results = try await cli.runTogether(8, ["token"])
            #expect(results.filter { $0.status == 0 }.count == 8, "\(results.map(\.stderr))")
            #expect(Set(results.map(\.stdout)).count == 1, "one token for all eight")
            let sent = try await refreshes(provider) - before
            #expect(sent == 1 || sent == 2, "\(sent) refresh requests for 8 processes")
            #expect(results.first?.stdout != session.token.value + "\n", "the token was refreshed")
        }
    }

    /// A refresh whose answer is lost after the provider rotated the token:
    /// the refresher asks once more with the same refresh token, and the
    /// provider's grace period answers with the new pair, which is saved.
    /// Without a grace period the provider refuses the retry, and the error
    /// says that the answer was lost. The answer is lost each way a
    /// transport reports it: the deadline, the idle limit, a broken connection.
    @Test(.tags(.pypi), arguments: [120, 0], AnswerLostOnce.Loss.allCases)
    func aRefreshWhoseAnswerWasLostIsAskedForAgain(grace: Int, loss: AnswerLostOnce.Loss) async throws {
        try await withTestProvider(["PROVIDER_REFRESH_GRACE_SECONDS": String(grace)]) { provider in
            _ = try await signIn(provider)
            try edit { $0.expiresAt = Date().addingTimeInterval(-1) }
            let lost = AnswerLostOnce(loss)
            let refresher = TokenRefresher(repository: store, transport: lost)
            let before = try await refreshes(provider)
            if grace > 0 {
                let fresh = try #require(try await refresher.currentCredential())
                #expect(lost.attempts.withLock { $0 } == 2)
                #expect(try await refreshes(provider) - before == 2, "the lost one and its retry")
                #expect(try store.load().credential == fresh)
                // The pair saved is the live one: it refreshes again.
                try edit { $0.expiresAt = Date().addingTimeInterval(-1) }
                let again = try await TokenRefresher(repository: store).currentCredential()
                #expect(again != nil && again?.token != fresh.token)
            } else {
                await #expect(throws: SignInError.refreshAnswerLost) {
                    try await refresher.currentCredential()
                }
                #expect(try store.load() == .loggedOut)
            }
        }
    }
}

/// A transport to the real provider that loses the first answer: the
/// request goes out and the provider acts on it, then the answer is
/// dropped and the exchange fails as a passed deadline does.
final class AnswerLostOnce: Transport {
    /// How the loss is reported.
    enum Loss: CaseIterable, Sendable {
        case deadline, idle, broken

        var error: any Error {
            switch self {
            case .deadline: DeadlineExceededError(limit: SessionLimits.refreshDeadline)
            case .idle: ConnectionError(.noAnswer(seconds: 15))
            case .broken: ConnectionError(.connectionLost)
            }
        }
    }

    let attempts = Locked(0)
    private let loss: Loss
    private let real = ConnectionSettings().transport(timeout: SessionLimits.idleTimeout)

    init(_ loss: Loss) {
        self.loss = loss
    }

    func send(_ head: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse) {
        let attempt = attempts.withLock { count in
            count += 1
            return count
        }
        let answer = try await real.send(head, body: body)
        if attempt == 1 { throw loss.error }
        return answer
    }
}

extension CLIRefreshTests {
    /// A token that lives 30 s is used as it is by calls that follow one
    /// another (its margin is 15 s): a token is due 15 s after it was
    /// issued at the earliest, so calls that take T seconds in all refresh
    /// at most once per 15 s of T, however loaded the machine (a call per
    /// refresh would be 7).
    @Test(.tags(.pypi)) func sevenCallsInARowWithAThirtySecondTokenRefreshAtMostOnce() async throws {
        try await withTestProvider(["PROVIDER_ACCESS_TOKEN_SECONDS": "30"]) { provider in
            let start = ContinuousClock.now
            _ = try await signIn(provider)
            let before = try await refreshes(provider)
            for _ in 0..<7 {
                let token = try await cli.run(["token"])
                #expect(token.status == 0, "\(token.stderr)")
            }
            let fifteens = Int((ContinuousClock.now - start) / .seconds(15))
            let refreshed = try await refreshes(provider) - before
            #expect(refreshed <= 1 + fifteens, "\(refreshed) refreshes in \(fifteens * 15)+ s")
        }
    }

    /// A logout racing a refresh, against the real provider, which decides:
    /// whichever gets the store's lock first, afterwards the provider accepts
    /// no refresh token of the grant, neither the old one nor a rotated one.
    /// (Reading the session without the lock revoked the old token while a
    /// refresh rotated it, and the rotated one stayed valid.) Three orders,
    /// each made on purpose, none by a clock: the refresh first (held at the
    /// provider while the logout comes), the logout first, and both at once.
    @Test(.tags(.pypi), arguments: ["refresh first", "logout first", "together"])
    func aLogoutRacingARefreshLeavesNoRefreshTokenAlive(order: String) async throws {
        try await withTestProvider { provider in
            _ = try await signIn(provider)
            try edit { $0.expiresAt = Date().addingTimeInterval(-10) }
            let logout: CommandResult
            let refreshed: CommandResult
            switch order {
            case "refresh first":
                try await provider.holdRefreshes()
                let refresh = try cli.start(["token"])
                #expect(try await provider.waitForHeldRefresh(), "the refresh never reached the provider")
                let waiting = try cli.start(["logout"])
                try await provider.releaseRefreshes()
                (refreshed, logout) = (await refresh.finish(), await waiting.finish())
                #expect(refreshed.status == 0, "\(refreshed.stderr)")
            case "logout first":
                logout = try await cli.run(["logout"])
                refreshed = try await cli.run(["token"])
                #expect(refreshed.status == 1, "\(refreshed.stderr)")
            default:
                let (refresh, waiting) = (try cli.start(["token"]), try cli.start(["logout"]))
                (refreshed, logout) = (await refresh.finish(), await waiting.finish())
                // Refreshed before the logout, or found the session gone: never a failure.
                #expect([0, 1].contains(refreshed.status), "\(refreshed.stderr)")
            }
            #expect(logout.status == 0, "\(logout.stderr)")
            #expect(logout.stderr.contains("Revoked the grant"), "\(logout.stderr)")
            let live = try await provider.liveRefreshTokens()
            #expect(live["cli-device"] == nil, "the provider still accepts \(live)")
        }
    }

    @Test(.tags(.pypi)) func apiWithATokenTheServerRejectsRefreshesOnceAndSucceeds() async throws {
        try await withTestProvider { provider in
            _ = try await signIn(provider)
            try edit { $0.token = try AuthToken("at_no_longer_accepted_0123456789") }
            let before = try await refreshes(provider)
            let api = try await cli.run(["api", "/api/me"])
            #expect(api.status == 0, "\(api.stderr)")
            #expect(api.stdout.contains("alice"))
            await #expect(try refreshes(provider) - before == 1)
            #expect(try store.load().credential?.token.value != "at_no_longer_accepted_0123456789")
        }
    }

    @Test(.tags(.pypi)) func aRefusedRefreshEndsTheSessionWith77() async throws {
        try await withTestProvider { provider in
            _ = try await signIn(provider)
            try edit {
                $0.refreshToken = try AuthToken("rt_never_issued_0123456789")
                $0.expiresAt = Date().addingTimeInterval(-10)
            }
            let token = try await cli.run(["token"])
            #expect(token.status == 77)
            #expect(
                token.stderr
                    == "session-cli: the provider refused the refresh token (it expired, was revoked or was already used); log in again\n"
            )
            #expect(token.stdout.isEmpty)
            #expect(try store.load() == .loggedOut)
        }
    }

    @Test(.tags(.pypi)) func logoutRevokesTheGrantAndLogoutLocalDoesNot() async throws {
        try await withTestProvider { provider in
            let first = try await signIn(provider)
            let logout = try await cli.run(["logout"])
            #expect(logout.status == 0)
            #expect(logout.stderr == "Revoked the grant at \(provider.issuer.absoluteString).\n")
            #expect(!FileManager.default.fileExists(atPath: cli.defaultStore.path))
            let revoked = try #require(first.refreshToken?.value)
            #expect(try await provider.refreshStatus(revoked, clientID: "cli-device") == 400)

            let second = try await signIn(provider)
            let local = try await cli.run(["logout", "--local"])
            #expect(local.status == 0 && local.stderr.isEmpty)
            let kept = try #require(second.refreshToken?.value)
            #expect(try await provider.refreshStatus(kept, clientID: "cli-device") == 200)
        }
    }

    /// Logging in again revokes the grant the new session replaces.
    @Test(.tags(.pypi)) func aNewLoginRevokesTheGrantItReplaces() async throws {
        try await withTestProvider { provider in
            let first = try await signIn(provider)
            _ = try await signIn(provider)
            let replaced = try #require(first.refreshToken?.value)
            #expect(try await provider.refreshStatus(replaced, clientID: "cli-device") == 400)
        }
    }

    @Test(.tags(.pypi)) func aProviderThatIsDownStillGetsTheLocalSessionRemoved() async throws {
        let provider = try await OAuthTestProvider.start(environment: ["PROVIDER_DEVICE_INTERVAL": "1"])
        _ = try await signIn(provider)
        await provider.stop()
        let logout = try await cli.run(["logout"])
        #expect(logout.status == 0)
        #expect(logout.stderr.hasPrefix("session-cli: warning: could not revoke the grant at "))
        #expect(logout.stderr.contains("the local session is removed anyway"))
        #expect(!FileManager.default.fileExists(atPath: cli.defaultStore.path))
    }

    @Test func sessionCLITokenOverridesTheStoreAndBlocksLoginAndLogout() async throws {
        #expect(try await cli.run(["login", "--with-token"], stdin: Sample.secret.data).status == 0)
        let override = ["SESSION_CLI_TOKEN": "env_token_0123456789abcdef"]
        let token = try await cli.run(["token"], extraEnvironment: override)
        #expect(token.status == 0)
        Secret.expectEqual(token.stdout, "env_token_0123456789abcdef\n", "the printed token")
        for command in [["logout"], ["login", "--with-token"]] {
            let refused = try await cli.run(command, stdin: "x".data, extraEnvironment: override)
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("SESSION_CLI_TOKEN is set"))
        }
        Secret.expectEqual(try store.load().credential?.token.value, Sample.secret, "the stored token")
        let json =
            try JSONSerialization.jsonObject(
                with: try await cli.run(["status", "--json"], extraEnvironment: override).stdout.data)
            as? [String: Any]
        #expect(json?["tokenSource"] as? String == "environment")
        let bad = try await cli.run(["token"], extraEnvironment: ["SESSION_CLI_TOKEN": "has space"])
        #expect(bad.status == 65)
        Secret.expectAbsent(["has space"], in: bad.stderr, "the error")
    }

    /// A fresh token needs no networking: a session-cli with no companion
    /// prints it; a due one needs the companion (70 without it).
    @Test func aFreshTokenLoadsNoNetworkingCode() async throws {
        let folder = TemporaryDirectory()
        let lonely = folder.file("session-cli")
        try writeExecutable(try Data(contentsOf: Executables.sessionCLI), to: lonely)
        var runner = cli
        runner.executable = lonely
        #expect(
            try await cli.run(["login", "--with-token", "--expires-in", "3600"], stdin: Sample.secret.data)
                .status
                == 0)
        let fresh = try await runner.run(["token"])
        #expect(fresh.status == 0)
        Secret.expectEqual(fresh.stdout, Sample.secret + "\n", "the printed token")
        try edit {
            $0.expiresAt = Date().addingTimeInterval(-10)
            $0.refreshToken = try AuthToken("rt_0123456789abcdef")
            // Port 1 on loopback: nothing listens, and nothing leaves the machine.
            $0.provider = OAuthProvider(
                issuer: url("http://127.0.0.1:1"), clientID: "c",
                tokenEndpoint: url("http://127.0.0.1:1/token"))
        }
        #expect(try await runner.run(["token"]).status == 70)
        let unreachable = try await cli.run(["token"])
        #expect(unreachable.status == 69, "the provider is unreachable: 69")
        #expect(unreachable.stderr.hasPrefix("session-cli: cannot reach http://127.0.0.1:1: "))
        #expect(try store.load().credential?.refreshToken != nil, "a network failure must keep the session")
    }
}
