import Foundation
import Session
import SessionTestSupport
import Testing

/// Servers and providers that are huge or slow cannot hurt the session, the
/// machine or the terminal: session-cli against the tests' server on
/// loopback, sending 1 GiB answers and dripping one byte a second.
@Suite struct CLIHostileServerTests {
    let cli = CommandRunner()
    static let gigabyte = 1 << 30
    /// The most memory a command may take with a 1 GiB answer. A command that
    /// held the answer took 2.1 GB; the bounded ones peak at 36–57 MiB in a
    /// release build and have reached 72 MiB in a debug build during the
    /// flood's cancellation (libcurl's and FoundationNetworking's buffers), so
    /// the line is drawn far from both.
    static let memoryCeiling = 256.0

    func login(server: URL) async throws {
        let login = try await cli.run(
            ["login", "--with-token", "--server", server.absoluteString], stdin: Sample.secret.data)
        #expect(login.status == 0)
    }

    /// A session whose access token expired and whose provider's token
    /// endpoint is `tokenEndpoint`.
    func expiredSession(tokenEndpoint: URL, revocation: URL? = nil, store: URL? = nil) throws {
        let provider = OAuthProvider(
            issuer: tokenEndpoint, clientID: "hostile-test", tokenEndpoint: tokenEndpoint,
            revocationEndpoint: revocation)
        try FileLoginStateStore(fileURL: store ?? cli.defaultStore).save(
            Credential(
                token: Sample.token(), refreshToken: Sample.token(Sample.otherSecret),
                server: URL(string: "https://api.example.com"), issuedAt: Date().addingTimeInterval(-7200),
                expiresAt: Date().addingTimeInterval(-60), provider: provider))
    }

    /// `api` streams a 1 GiB answer to its output as it arrives, with and
    /// without Content-Length, and never holds it.
    @Test(.tags(.python), .hangGuard, arguments: ["1", "0"])
    func aHugeAPIAnswerStreamsInBoundedMemory(length: String) async throws {
        try await withLoopbackServer { server in
            try await login(server: server.originA)
            let run = try await cli.runMeasuringMemory([
                "api", "/huge?bytes=\(Self.gigabyte)&length=\(length)",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.peakMiB < Self.memoryCeiling, "api took \(run.peakMiB) MiB for 1 GiB")
        }
    }

    /// A 1 GiB answer to a refresh is stopped at 1 MiB while it arrives
    /// (it took 2.1 GB and 17 s, holding the store's lock), with and
    /// without Content-Length; the session is kept.
    @Test(.tags(.python), .hangGuard, arguments: ["1", "0"])
    func aHugeRefreshAnswerIsStoppedAtOneMiB(length: String) async throws {
        try await withLoopbackServer { server in
            var endpoint = URLComponents(url: server.originA, resolvingAgainstBaseURL: false)
            endpoint?.path = "/oauth/huge-token"
            endpoint?.query = "bytes=\(Self.gigabyte)&length=\(length)"
            try expiredSession(tokenEndpoint: try #require(endpoint?.url))
            let run = try await cli.runMeasuringMemory(["token"])
            // 76 and this message come from the byte limit only; the 15 s deadline would be 69.
            #expect(run.status == 76, "\(run.stderr)")
            #expect(run.stderr.contains("larger than 1 MiB"))
            #expect(run.peakMiB < Self.memoryCeiling, "token took \(run.peakMiB) MiB")
            #expect(try FileLoginStateStore(fileURL: cli.defaultStore).load().credential != nil)
        }
    }

    /// A token endpoint that drips one byte a second keeps a refresh, and
    /// the store's lock, no longer than the refresh's 15 s deadline: a
    /// `logout --local` and a `logout` started while both refreshes hold
    /// their stores wait for the lock and succeed, and each refresh ends
    /// with its deadline's message. The logouts wait up to 120 s here, a
    /// margin no loaded machine crosses; a refresh that held the lock for
    /// good would still fail them.
    @Test(.tags(.python), .hangGuard)
    func aDrippingTokenEndpointCannotHoldTheStore() async throws {
        try await withLoopbackServer { server in
            var drip = URLComponents(url: server.originA, resolvingAgainstBaseURL: false)
            drip?.path = "/oauth/drip-token"
            drip?.query = "interval=1"
            let tokenEndpoint = try #require(drip?.url)
            let stores = (
                local: cli.home.file("local/session.json"), revoking: cli.home.file("revoking/session.json")
            )
            try expiredSession(tokenEndpoint: tokenEndpoint, store: stores.local)
            try expiredSession(
                tokenEndpoint: tokenEndpoint, revocation: server.originA.appendingPathComponent("plain"),
                store: stores.revoking)

            let refreshing = try [stores.local, stores.revoking].map {
                try cli.start(["token", "--store", $0.path])
            }
            // Both refreshes have sent their requests, so both hold their store's lock.
            let arrived = try await RawHTTP.get("/test/wait-drips?count=2", port: server.portA, timeout: 90)
            #expect(arrived.body.contains(#""drips": 2"#), "\(arrived.body)")
            let patient = ["SESSION_CLI_LOCK_TIMEOUT": "120"]
            let logouts = try [
                cli.start(["logout", "--local", "--store", stores.local.path], extraEnvironment: patient),
                cli.start(["logout", "--store", stores.revoking.path], extraEnvironment: patient),
            ]
            for logout in logouts {
                let result = await logout.finish()
                #expect(result.status == 0, "\(result.stderr)")
            }
            for refresh in refreshing {
                let result = await refresh.finish()
                #expect(result.status == 69, "\(result.stderr)")
                // The refresh's 15 s deadline ("no complete answer"), or, on a
                // machine so busy that the drip falls under a byte a second,
                // libcurl's low-speed limit over the same 15 s ("no answer").
                #expect(
                    result.stderr.contains(" answer from http://127.0.0.1:")
                        && result.stderr.contains(" within 15 s"), "\(result.stderr)")
            }
            for store in [stores.local, stores.revoking] {
                #expect(!FileManager.default.fileExists(atPath: store.path), "a session survived its logout")
            }
        }
    }
}
