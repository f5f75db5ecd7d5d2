import Foundation
import SessionCore
import SessionTestSupport
import Testing

/// Machines that sign in with their platform's token, never a stored
/// secret, against real servers on loopback: `machine_identity` (an
/// emulated GitHub Actions token service and issuer, and a provider whose
/// JWT bearer grant and client authentication are Authlib's, with a token
/// exchange written from RFC 8693), and idpyoidc's own token exchange.
@Suite(.hangGuard, .tags(.pypi)) struct CLIMachineIdentityTests {
    /// The request token the emulated CI wants (`MACHINE_CI_REQUEST_TOKEN`'s default).
    static let requestToken = "ci-request-token-0123456789"

    /// A runner whose environment is a GitHub Actions job's at `server`.
    func job(_ server: PinnedPythonServer) -> CommandRunner {
        var cli = CommandRunner()
        cli.environment["ACTIONS_ID_TOKEN_REQUEST_URL"] =
            server.base.absoluteString + "/ci/token?api-version=2.0"
        cli.environment["ACTIONS_ID_TOKEN_REQUEST_TOKEN"] = Self.requestToken
        return cli
    }

    /// Makes the stored session's token due (it still works for 20 s) or expired.
    func age(_ cli: CommandRunner, expired: Bool = false) throws {
        let store = FileLoginStateStore(fileURL: cli.defaultStore)
        var credential = try #require(try store.load().credential)
        credential.tokenIssuedAt = Date().addingTimeInterval(-3600)
        credential.expiresAt = Date().addingTimeInterval(expired ? -60 : 20)
        try store.save(credential)
    }

    func stored(_ cli: CommandRunner) throws -> Credential {
        try #require(try FileLoginStateStore(fileURL: cli.defaultStore).load().credential)
    }

    /// What the provider's resource says of `token`: its status and body.
    func me(_ server: PinnedPythonServer, _ token: String) async throws -> (Int, String) {
        let answer = try await RawHTTP.request(
            "GET", "/api/me", port: server.port, headers: ["Authorization: Bearer " + token])
        return (answer.status, answer.body)
    }

    /// A platform token minted by the emulated CI, as a platform writes one to a file.
    func mint(_ server: PinnedPythonServer, audience: String, subject: String? = nil) async throws -> String {
        func encoded(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        }
        let query = "audience=" + encoded(audience) + (subject.map { "&subject=" + encoded($0) } ?? "")
        return try await server.request("/test/mint?" + query).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How many tokens the emulated CI handed out (its log).
    func ciRequests(_ server: PinnedPythonServer) async throws -> Int {
        let log = try JSONSerialization.jsonObject(with: Data(try await server.request("/test/log").utf8))
        return (log as? [[String: Any]])?.filter { $0["status"] as? Int == 200 }.count ?? -1
    }

    @Test func aJobSignsInWithGitHubActionsTokenAsTheGrantAndRenewsWithAFreshOne() async throws {
        try await withPeer(try await PinnedPythonServer.start(.machineIdentity)) { server in
            let cli = job(server)
            let audience = server.base.absoluteString + "/token"
            let login = try await cli.run([
                "login", "--jwt-bearer", "--issuer", server.base.absoluteString, "--client-id", "ci-bearer",
                "--assertion-from", "github-actions", "--assertion-audience", audience,
            ])
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.stdout.hasPrefix("Logged in as ci-bearer"), "\(login.stdout)")
            #expect(try await ciRequests(server) == 1)
            let signedIn = try stored(cli)
            #expect(signedIn.refreshToken == nil && signedIn.canRefresh)
            #expect(
                signedIn.provider?.machine
                    == MachineSignIn(source: .githubActions(audience: audience), grant: .jwtBearer))
            let (status, body) = try await me(server, signedIn.token.value)
            #expect(status == 200 && body.contains("jwt-bearer"), "\(body)")
            // The session keeps where the platform token comes from, never the token (a JWT starts eyJ).
            let file = try String(contentsOf: cli.defaultStore, encoding: .utf8)
            #expect(!file.contains("eyJ") && !file.contains(Self.requestToken))

            let shown = try await cli.run(["status"])
            #expect(
                shown.stdout.contains(
                    "JWT bearer grant, with a token from GitHub Actions (audience \(audience))"),
                "\(shown.stdout)")
            let japanese = try await cli.run(["--lang", "ja", "status"])
            #expect(
                japanese.stdout.contains(
                    "JWT ベアラーグラント。トークンの取得元: GitHub Actions のトークンサービス (オーディエンス \(audience))"),
                "\(japanese.stdout)")

            // Due: the renewal asks the CI for a fresh token (its log shows the second request).
            try age(cli)
            let renewed = try await cli.run(["token"])
            #expect(renewed.status == 0, "\(renewed.stderr)")
            #expect(try await ciRequests(server) == 2, "the renewal did not fetch a new platform token")
            let second = try stored(cli)
            #expect(second.token != signedIn.token)
            Secret.expectEqual(renewed.stdout, second.token.value + "\n", "the renewed token")

            // Due again: 8 processes at once, one platform token and one grant between them.
            try age(cli)
            let before = try await server.counts()
            let outputs = try await cli.runTogether(8, ["token"])
            #expect(outputs.allSatisfy { $0.status == 0 }, "\(outputs.map(\.stderr))")
            let after = try await server.counts()
            #expect(after["jwt_bearer"] == (before["jwt_bearer"] ?? 0) + 1, "the grant ran more than once")
            #expect(after["ci_token"] == (before["ci_token"] ?? 0) + 1, "the CI was asked more than once")
            let third = try stored(cli)
            #expect(
                outputs.allSatisfy { $0.stdout == third.token.value + "\n" }, "a process got another token")
        }
    }

    @Test func anExpiredPlatformTokenOrAWrongAudienceIsRefusedInOneLine() async throws {
        try await withPeer(try await PinnedPythonServer.start(.machineIdentity)) { server in
            let cli = job(server)
            let issuer = server.base.absoluteString
            let grant = ["login", "--jwt-bearer", "--issuer", issuer, "--client-id", "ci-bearer"]
            // The provider matches the audience: a token for another one is refused by it, in its words.
            let wrong = try await cli.run(
                grant + [
                    "--assertion-from", "github-actions", "--assertion-audience", "https://wrong.example",
                ])
            #expect(wrong.status == 77, "\(wrong.stderr)")
            #expect(
                wrong.stderr.hasPrefix(
                    "session-cli: the provider refused the platform token from GitHub Actions (audience https://wrong.example) (invalid_grant: "
                ),
                "\(wrong.stderr)")
            #expect(wrong.stderr.contains("audience") && wrong.stderr.split(separator: "\n").count == 1)

            // An expired one is said before anything is sent to the provider.
            try await server.request("/test/settings", form: "ci_lifetime=-600")
            let before = try await server.counts()
            let expired = try await cli.run(
                grant + ["--assertion-from", "github-actions", "--assertion-audience", issuer + "/token"])
            #expect(expired.status == 77, "\(expired.stderr)")
            #expect(
                expired.stderr.hasPrefix(
                    "session-cli: no usable platform token from GitHub Actions (audience "),
                "\(expired.stderr)")
            #expect(
                expired.stderr.contains("it expired at") && expired.stderr.split(separator: "\n").count == 1)
            #expect(
                try await server.counts()["jwt_bearer"] == before["jwt_bearer"], "the expired token was sent")
            #expect(try FileLoginStateStore(fileURL: cli.defaultStore).load().credential == nil)

            // Outside GitHub Actions: the variables are missing, and the job's permission is named.
            let outside = try await CommandRunner().run(grant + ["--assertion-from", "github-actions"])
            #expect(outside.status == 77, "\(outside.stderr)")
            #expect(outside.stderr.contains("permissions: id-token: write"), "\(outside.stderr)")
            // A token service that cannot be reached: 69, and no retry loop.
            var unreachable = cli
            unreachable.environment["ACTIONS_ID_TOKEN_REQUEST_URL"] =
                "http://127.0.0.1:9/ci/token?api-version=2.0"
            let closed = try await unreachable.run(grant + ["--assertion-from", "github-actions"])
            #expect(closed.status == 69, "\(closed.stderr)")
            #expect(
                closed.stderr.hasPrefix("session-cli: cannot reach GitHub Actions for a platform token"),
                "\(closed.stderr)")
            // A token service that is down (503) is one that cannot be reached, not a refusal.
            try await server.request("/test/settings", form: "ci_lifetime=300&ci_status=503")
            let down = try await cli.run(grant + ["--assertion-from", "github-actions"])
            #expect(down.status == 69, "\(down.stderr)")
            #expect(down.stderr.contains("its token service answered HTTP 503"), "\(down.stderr)")
            // The request token goes over https only, or http to this machine.
            var remote = cli
            remote.environment["ACTIONS_ID_TOKEN_REQUEST_URL"] = "http://ci.example.com/token?api-version=2.0"
            let plain = try await remote.run(grant + ["--assertion-from", "github-actions"])
            #expect(plain.status == 77 && plain.stderr.contains("is not https"), "\(plain.stderr)")
            #expect(
                !FileManager.default.fileExists(atPath: cli.defaultStore.path),
                "a failed login wrote the store")
        }
    }

    @Test func aClientAssertionFileIsReadAgainAtEachRenewal() async throws {
        try await withPeer(try await PinnedPythonServer.start(.machineIdentity)) { server in
            let cli = CommandRunner()
            let file = cli.home.file("token")
            try Data(try await mint(server, audience: "api://session-tests").utf8).write(to: file)
            let login = try await cli.run([
                "login", "--client-credentials", "--issuer", server.base.absoluteString, "--client-id",
                "ci-federated", "--assertion-file", file.path,
            ])
            #expect(login.status == 0, "\(login.stderr)")
            let signedIn = try stored(cli)
            #expect(
                signedIn.provider?.usesClientCredentials == true && signedIn.provider?.clientSecret == nil)
            let (status, _) = try await me(server, signedIn.token.value)
            #expect(status == 200)
            let shown = try await cli.run(["status"])
            #expect(
                shown.stdout.contains("client credentials, with an assertion from the file \(file.path)"),
                "\(shown.stdout)")
            let json = try await cli.run(["status", "--json"])
            #expect(
                json.stdout.contains(
                    #""machine":{"grant":"client-assertion","path":"\#(file.path)","source":"file"}"#),
                "\(json.stdout)")

            // The platform rewrote the file with a token for another job: the next renewal sends it, and is refused.
            try Data(
                try await mint(
                    server, audience: "api://session-tests",
                    subject: "repo:octo-org/other:ref:refs/heads/main"
                ).utf8
            )
            .write(to: file)
            try age(cli, expired: true)
            let refused = try await cli.run(["token"])
            #expect(refused.status == 77, "\(refused.stderr)")
            #expect(
                refused.stderr.hasPrefix(
                    "session-cli: the provider refused the platform token from the file \(file.path) (invalid_client: "
                ),
                "\(refused.stderr)")
            #expect(
                try FileLoginStateStore(fileURL: cli.defaultStore).load().credential != nil,
                "a refusal ended the session")

            // Rewritten again with this job's token: the next renewal uses it.
            try Data(try await mint(server, audience: "api://session-tests").utf8).write(to: file)
            let renewed = try await cli.run(["token"])
            #expect(renewed.status == 0, "\(renewed.stderr)")
            #expect(try stored(cli).token != signedIn.token)

            // A file that cannot be read is 74, as any file the tool reads.
            try FileManager.default.removeItem(at: file)
            try age(cli, expired: true)
            let missing = try await cli.run(["token"])
            #expect(missing.status == 74, "\(missing.stderr)")
            #expect(
                missing.stderr.hasPrefix("session-cli: cannot read the platform token file \(file.path)"),
                "\(missing.stderr)")
        }
    }

    @Test func aTokenExchangeIsCheckedAsRFC8693SaysAndRunsOnceAcrossProcesses() async throws {
        try await withPeer(try await PinnedPythonServer.start(.machineIdentity)) { server in
            let cli = CommandRunner()
            let file = cli.home.file("token")
            try Data(try await mint(server, audience: "api://session-tests").utf8).write(to: file)
            let exchange = [
                "login", "--token-exchange", "--issuer", server.base.absoluteString, "--client-id",
                "ci-exchange",
                "--assertion-file", file.path,
            ]
            // §2.2.2: a target the provider does not know is invalid_target.
            let target = try await cli.run(exchange + ["--audience", "https://other.example"])
            #expect(target.status == 76 && target.stderr.contains("invalid_target"), "\(target.stderr)")
            // §2.2.2: a subject token it does not take (here, of a type it does not know) is invalid_request.
            let type = try await cli.run(
                exchange + ["--subject-token-type", "urn:example:token-type:unknown"])
            #expect(type.status == 77, "\(type.stderr)")
            #expect(
                type.stderr.hasPrefix(
                    "session-cli: the provider refused the platform token from the file \(file.path) (invalid_request: "
                ),
                "\(type.stderr)")
            #expect(type.stderr.contains("subject_token_type"), "\(type.stderr)")
            // §2.2.1: issued_token_type is required; an answer without it is refused, nothing is kept.
            try await server.request("/test/settings", form: "omit_issued_token_type=1")
            let missing = try await cli.run(exchange + ["--audience", "https://api.example.test"])
            #expect(
                missing.status == 76 && missing.stderr.contains("issued_token_type is missing"),
                "\(missing.stderr)")
            #expect(
                !FileManager.default.fileExists(atPath: cli.defaultStore.path),
                "a failed login wrote the store")
            try await server.request("/test/settings", form: "omit_issued_token_type=0")

            // §2.2.1 lets the answer carry a refresh token; a machine keeps none, and renews by exchanging again.
            try await server.request("/test/settings", form: "exchange_refresh_token=1")
            let login = try await cli.run(
                exchange + [
                    "--audience", "https://api.example.test", "--resource",
                    server.base.absoluteString + "/api",
                ])
            #expect(login.status == 0, "\(login.stderr)")
            let signedIn = try stored(cli)
            #expect(signedIn.refreshToken == nil, "a machine kept a refresh token")
            let (status, body) = try await me(server, signedIn.token.value)
            #expect(status == 200 && body.contains("https://api.example.test"), "\(body)")
            let shown = try await cli.run(["status"])
            #expect(
                shown.stdout.contains("token exchange, of a token from the file \(file.path)"),
                "\(shown.stdout)")

            // Due: 8 processes at once, one exchange between them.
            try age(cli)
            let before = try await server.counts()["token_exchange"] ?? 0
            let outputs = try await cli.runTogether(8, ["token"])
            #expect(outputs.allSatisfy { $0.status == 0 }, "\(outputs.map(\.stderr))")
            #expect(
                try await server.counts()["token_exchange"] == before + 1, "the exchange ran more than once")
            let renewed = try stored(cli)
            #expect(renewed.token != signedIn.token)
            #expect(
                outputs.allSatisfy { $0.stdout == renewed.token.value + "\n" }, "a process got another token")
        }
    }

    @Test func idpyoidcExchangesATokenItIssued() async throws {
        try await withPeer(try await PinnedPythonServer.start(.idpyExchange)) { server in
            let cli = CommandRunner()
            let file = cli.home.file("subject")
            try Data(try await server.request("/test/issue?client=client_1").utf8).write(to: file)
            let exchange = [
                "login", "--token-exchange", "--issuer", server.base.absoluteString, "--client-id",
                "client_2",
                "--subject-token-type", "access_token", "--assertion-file", file.path,
            ]
            let secret = ["SESSION_CLI_CLIENT_SECRET": "idpy-secret-0123456789"]
            let target = try await cli.run(
                exchange + ["--audience", "https://other.example"], extraEnvironment: secret)
            #expect(target.status == 76 && target.stderr.contains("invalid_target"), "\(target.stderr)")
            let login = try await cli.run(
                exchange + ["--audience", "https://api.example.test"], extraEnvironment: secret)
            #expect(login.status == 0, "\(login.stderr)")
            #expect(try stored(cli).provider?.clientSecret != nil)
            #expect(try await server.counts()["token_exchange"] == 2)
            // Due: the renewal exchanges the file's token again, with the kept secret.
            try age(cli)
            let before = try stored(cli).token
            let renewed = try await cli.run(["token"])
            #expect(renewed.status == 0, "\(renewed.stderr)")
            #expect(try stored(cli).token != before)
            #expect(try await server.counts()["token_exchange"] == 3)
        }
    }

    @Test func aVariableLivesAsLongAsItsProcess() async throws {
        try await withPeer(try await PinnedPythonServer.start(.machineIdentity)) { server in
            let cli = CommandRunner()
            let token = try await mint(server, audience: server.base.absoluteString + "/token")
            let login = try await cli.run(
                [
                    "login", "--jwt-bearer", "--issuer", server.base.absoluteString, "--client-id",
                    "ci-bearer",
                    "--assertion-from", "env:CI_ID_TOKEN",
                ], extraEnvironment: ["CI_ID_TOKEN": token])
            #expect(login.status == 0, "\(login.stderr)")
            #expect(
                login.stderr.contains("a process without CI_ID_TOKEN set cannot renew this session"),
                "\(login.stderr)")
            Secret.expectAbsent([token], in: login.output, "the login's output")
            // Expired, in a process without the variable: said in one line, 77.
            try age(cli, expired: true)
            let later = try await cli.run(["token"])
            #expect(later.status == 77, "\(later.stderr)")
            #expect(
                later.stderr.hasPrefix(
                    "session-cli: no usable platform token from the variable CI_ID_TOKEN: it is not set"),
                "\(later.stderr)")
        }
    }

    @Test func theOptionsSayWhatIsMissingOrMixed() async throws {
        let cli = CommandRunner()
        let issuer = ["--issuer", "https://login.example.com", "--client-id", "ci"]
        let cases: [([String], [String: String], String)] = [
            (
                ["login", "--jwt-bearer"] + issuer, [:],
                "--jwt-bearer needs where the platform's token comes from"
            ),
            (
                ["login", "--token-exchange"] + issuer, [:],
                "--token-exchange needs where the platform's token comes from"
            ),
            (
                ["login", "--jwt-bearer", "--assertion-file", "/a", "--assertion-from", "github-actions"]
                    + issuer, [:],
                "name two sources"
            ),
            (["login", "--jwt-bearer", "--assertion-from", "vault"] + issuer, [:], "--assertion-from takes"),
            (
                ["login", "--jwt-bearer", "--assertion-from", "env:1X"] + issuer, [:],
                "--assertion-from takes"
            ),
            (
                ["login", "--jwt-bearer", "--assertion-from", "env:ACTIONS_ID_TOKEN_REQUEST_TOKEN"] + issuer,
                [:],
                "not one that holds another secret"
            ),
            (
                ["login", "--token-exchange", "--assertion-file", "/a", "--requested-token-type", "id_token"]
                    + issuer,
                [:], "invalid --requested-token-type"
            ),
            (
                ["login", "--jwt-bearer", "--assertion-file", "/a", "--assertion-audience", "x"] + issuer,
                [:],
                "--assertion-audience"
            ),
            (
                ["login", "--jwt-bearer", "--assertion-file", "/a", "--audience", "x"] + issuer, [:],
                "--audience"
            ),
            (["login", "--device", "--assertion-file", "/a"] + issuer, [:], "--assertion-file"),
            (
                ["login", "--token-exchange", "--assertion-file", "/a", "--resource", "not a uri"] + issuer,
                [:],
                "--resource must be an absolute URI"
            ),
            (
                ["login", "--client-credentials", "--assertion-file", "/a"] + issuer,
                ["SESSION_CLI_CLIENT_SECRET": "s3cret-0123456789"],
                "proves the client with the platform's token"
            ),
        ]
        for (arguments, environment, words) in cases {
            let result = try await cli.run(arguments, extraEnvironment: environment)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(words), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
    }
}
