import Foundation
import Session
import SessionNetworking
import SessionTestSupport
import Testing

/// `session-cli login --device` and `login --web` end to end, against the
/// real provider, with a person played by `human.py`.
@Suite struct CLISignInTests {
    let cli = CommandRunner()

    func deviceLogin(
        _ provider: OAuthTestProvider, _ extra: [String] = [], deny: Bool = false,
        environment: [String: String] = [:]
    ) async throws -> CommandResult {
        let running = try cli.start(
            [
                "login", "--device", "--device-endpoint",
                provider.issuer.absoluteString + "/o/device-authorization/",
            ]
                + extra, extraEnvironment: environment)
        let code = try #require(await running.waitForStderrLine(startingWith: "Code: "), "no code on stderr")
        try await provider.approveDevice(userCode: code, deny: deny)
        return await running.finish()
    }

    @Test(.tags(.pypi)) func aDeviceLoginSavesASessionThatStatusAndAPIUse() async throws {
        try await withTestProvider { provider in
            let login = try await deviceLogin(
                provider, ["--scope", "openid", "--scope", "profile", "--scope", "read"],
                environment: [
                    "SESSION_CLI_ISSUER": provider.issuer.absoluteString,
                    "SESSION_CLI_CLIENT_ID": "cli-device",
                ])
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.stdout == "Logged in as alice on \(provider.issuer.absoluteString).\n")
            let lines = login.stderr.split(separator: "\n")
            #expect(lines.contains { $0.hasPrefix("URL: \(provider.issuer.absoluteString)/o/device") })
            #expect(lines.contains { $0.hasPrefix("Code: ") })

            let store = FileLoginStateStore(fileURL: cli.defaultStore)
            let credential = try #require(try store.load().credential)
            Secret.expectAbsent(
                [credential.token.value, credential.refreshToken?.value ?? "-"], in: login.output,
                "login's output")
            #expect(credential.provider?.clientID == "cli-device")
            #expect(credential.scopes == ["openid", "profile", "read"])

            let status = try await cli.run(["status"])
            #expect(status.status == 0)
            #expect(
                status.stdout.contains("Provider:  \(provider.issuer.absoluteString) (client cli-device)"))
            #expect(status.stdout.contains("Scopes:    openid profile read"))
            let json =
                try JSONSerialization.jsonObject(with: try await cli.run(["status", "--json"]).stdout.data)
                as? [String: Any]
            #expect((json?["provider"] as? [String: Any])?["clientID"] as? String == "cli-device")
            #expect((json?["provider"] as? [String: Any])?["confidential"] as? Bool == false)
            #expect(json?["scopes"] as? [String] == ["openid", "profile", "read"])

            let api = try await cli.run(["api", "/api/me"])
            #expect(api.status == 0)
            let me = try JSONSerialization.jsonObject(with: api.stdout.data) as? [String: Any]
            #expect(me?["username"] as? String == "alice")
        }
    }

    /// The second login names no provider: it takes the stored session's.
    /// Denied, it exits 77 and leaves that session byte for byte.
    @Test(.tags(.pypi)) func aDeniedLoginExits77AndKeepsThePreviousSession() async throws {
        try await withTestProvider { provider in
            let first = try await deviceLogin(
                provider, ["--issuer", provider.issuer.absoluteString, "--client-id", "cli-device"])
            #expect(first.status == 0)
            let before = try Data(contentsOf: cli.defaultStore)
            let denied = try await deviceLogin(provider, deny: true)
            #expect(denied.status == 77)
            #expect(denied.stderr.hasSuffix("session-cli: the sign-in was denied at the provider\n"))
            #expect(try Data(contentsOf: cli.defaultStore) == before)
        }
    }

    @Test(.tags(.pypi)) func aWebLoginWithoutABrowserPrintsTheURLAndCompletes() async throws {
        try await withTestProvider { provider in
            let running = try cli.start([
                "login", "--web", "--no-browser", "--issuer", provider.issuer.absoluteString, "--client-id",
                "cli-web",
                "--scope", "openid", "--scope", "profile",
            ])
            let url = try #require(
                await running.waitForStderrLine(startingWith: "URL: ").flatMap(URL.init(string:)))
            #expect(url.absoluteString.contains("code_challenge_method=S256"))
            #expect(try await provider.authorize(url).hasPrefix("200"))
            let login = await running.finish()
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.stdout == "Logged in as alice on \(provider.issuer.absoluteString).\n")
            #expect(
                try FileLoginStateStore(fileURL: cli.defaultStore).load().credential?.provider?.clientID
                    == "cli-web")
        }
    }

    /// Starts `login --web --no-browser` and returns it with the URL it printed.
    func webLogin(
        _ provider: OAuthTestProvider, _ extra: [String], environment: [String: String] = [:]
    ) async throws -> (RunningCommand, URL) {
        let running = try cli.start(
            ["login", "--web", "--no-browser", "--issuer", provider.issuer.absoluteString] + extra,
            extraEnvironment: environment)
        let url = try #require(
            await running.waitForStderrLine(startingWith: "URL: ").flatMap(URL.init(string:)),
            "login --web showed no URL: \(running.errors.text)")
        return (running, url)
    }

    func redirectURI(_ url: URL) -> URL? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "redirect_uri" }?.value.flatMap(URL.init(string:))
    }

    /// A provider that compares the redirect URI as an exact string: the
    /// fixed port (and host) from the option or the environment is used, and
    /// kept, so the next login uses it again without being told.
    @Test(.tags(.pypi)) func aFixedRedirectWorksAtAProviderThatComparesItExactly() async throws {
        let port = try Self.freePort()
        let other = try Self.freePort(other: port)
        let exact = "http://127.0.0.1:\(port)/callback http://localhost:\(other)/callback"
        try await withOAuthProvider(environment: ["PROVIDER_EXACT_REDIRECT_URIS": exact]) { provider in
            let (running, url) = try await webLogin(
                provider, ["--client-id", "cli-web-exact", "--callback-port", "\(port)"])
            #expect(redirectURI(url)?.absoluteString == "http://127.0.0.1:\(port)/callback")
            #expect(
                await running.waitForStderrLine(
                    startingWith: "Waiting for the browser to come back to http://127.0.0.1:\(port)/callback")
                    == " (Ctrl-C cancels)...")
            #expect(try await provider.authorize(url).hasPrefix("200"))
            #expect(await running.finish().status == 0)
            let saved = try FileLoginStateStore(fileURL: cli.defaultStore).load().credential?.provider?
                .redirect
            #expect(saved == LoopbackRedirect(host: .ipv4, port: port))

            // The next login at this provider reuses the port; the environment picks localhost.
            let (again, second) = try await webLogin(
                provider, ["--client-id", "cli-web-exact"],
                environment: [
                    "SESSION_CLI_CALLBACK_HOST": "localhost", "SESSION_CLI_CALLBACK_PORT": "\(other)",
                ])
            #expect(redirectURI(second)?.absoluteString == "http://localhost:\(other)/callback")
            #expect(try await provider.authorize(second).hasPrefix("200"))
            #expect(await again.finish().status == 0)
            let (third, reused) = try await webLogin(provider, ["--client-id", "cli-web-exact"])
            #expect(redirectURI(reused)?.absoluteString == "http://localhost:\(other)/callback")
            third.process.send(SIGTERM)
            _ = await third.finish()
        }
    }

    /// A fixed port that is taken is a one-line error naming it, never another port.
    @Test(.tags(.pypi)) func aPortInUseIsAnErrorNamingIt() async throws {
        let taken = try LoopbackRedirectListener(
            redirect: LoopbackRedirect(), pages: SignInPages(), accepts: { _ in false })
        defer { taken.close() }
        try await withTestProvider { provider in
            let login = try await cli.run([
                "login", "--web", "--no-browser", "--issuer", provider.issuer.absoluteString, "--client-id",
                "cli-web",
                "--callback-port", "\(taken.port)",
            ])
            #expect(login.status == 69)
            #expect(login.stderr.split(separator: "\n").count == 1)
            #expect(
                login.stderr.contains("127.0.0.1:\(taken.port)") && login.stderr.contains("--callback-port"))
        }
        for bad in ["0", "65536", "http", "+80"] {
            let result = try await cli.run(["login", "--web", "--callback-port", bad])
            #expect(result.status == 64 && result.stderr.contains("--callback-port"))
        }
        let host = try await cli.run(["login", "--web", "--callback-host", "example.com"])
        #expect(host.status == 64 && host.stderr.contains("127.0.0.1, localhost or ::1"))
    }

    /// Cancel at the provider: exit 77, nothing saved, the page says cancelled;
    /// a forged callback first is refused with one line, and the wait goes on.
    /// The provider advertises RFC 9207's `iss` and, as django-oauth-toolkit
    /// ships, leaves it off the Cancel redirect: a person who cancelled is told so.
    @Test(.tags(.pypi)) func aCancelledWebLoginExits77AndTheTerminalHearsOfRefusedRequests() async throws {
        try await withOAuthProvider(environment: ["PROVIDER_WEB_CONSENT": "1", "PROVIDER_ISS_PARAMETER": "1"])
        {
            provider in
            let (running, url) = try await webLogin(provider, ["--client-id", "cli-web"])
            let callback = try #require(redirectURI(url))
            let forged = try await RawHTTP.get(
                callback.path + "?code=x&state=forged", port: callback.port ?? 0)
            #expect(forged.status == 400)
            let page = try await provider.authorize(url, deny: true)
            let login = await running.finish()
            #expect(login.status == 77, "\(login.stderr)")
            #expect(login.stderr.contains("the sign-in was denied at the provider"))
            #expect(!login.stderr.contains("iss"))
            #expect(page.contains("Sign-in cancelled"))
            #expect(!page.contains("iss"))
            #expect(
                login.stderr.contains(
                    "session-cli: refused a request to the sign-in listener: its state is another sign-in's; still waiting\n"
                ))
            #expect(!login.stderr.contains("forged"))
            #expect(!FileManager.default.fileExists(atPath: cli.defaultStore.path))
        }
    }

    /// The exchange fails after the browser came back: the page gives the
    /// same reason the terminal does.
    @Test(.tags(.pypi)) func aFailedExchangeShowsTheSameReasonInTheBrowserAndTheTerminal() async throws {
        try await withTestProvider { provider in
            try await provider.test("/test/fail-code-exchanges", form: "error=invalid_grant")
            let (running, url) = try await webLogin(provider, ["--client-id", "cli-web"])
            let page = try await provider.authorize(url)
            let login = await running.finish()
            #expect(login.status == 76)
            let reason = try #require(
                login.stderr.split(separator: "\n").last.map { $0.dropFirst("session-cli: ".count) })
            #expect(
                reason == "the provider answered with the error invalid_grant: Failing on purpose for a test."
            )
            #expect(page.contains("Sign-in failed") && page.contains(String(reason)))
        }
    }

    /// A confidential client: the secret comes from the environment only,
    /// is kept in the 0600 session file for refresh and logout, shows as
    /// "confidential" in status, and never appears in any output.
    @Test(.tags(.pypi)) func aConfidentialClientKeepsItsSecretOutOfEveryOutput() async throws {
        let secret = "s3cret-for-tests-0123456789"
        try await withTestProvider { provider in
            let (running, url) = try await webLogin(
                provider, ["--client-id", "cli-confidential"],
                environment: ["SESSION_CLI_CLIENT_SECRET": secret])
            #expect(try await provider.authorize(url).hasPrefix("200"))
            let login = await running.finish()
            #expect(login.status == 0, "\(login.stderr)")
            let stored = try #require(try FileLoginStateStore(fileURL: cli.defaultStore).load().credential)
            Secret.expectEqual(stored.provider?.clientSecret?.value, secret, "the stored secret")
            #expect(permissions(ofPath: cli.defaultStore.path) == 0o600)
            let status = try await cli.run(["status"])
            #expect(status.stdout.contains("(client cli-confidential, confidential, with a secret)"))
            let json = try await cli.run(["status", "--json", "--show-token"])
            let logout = try await cli.run(["logout"])
            #expect(logout.status == 0 && logout.stderr.contains("Revoked the grant"))
            for output in [login.output, status.output, json.output, logout.output] {
                Secret.expectAbsent([secret], in: output, "an output")
            }
        }
    }

    /// A port nobody listens on right now, free on every loopback address
    /// (`localhost` binds ::1 too, and a port free on 127.0.0.1 may be
    /// another test's on ::1), other than `other`. It is below the kernel's
    /// ephemeral range: a test names it to a provider before it listens on
    /// it, and meanwhile an ephemeral port may go to any other test's
    /// connection or listener.
    static func freePort(other: Int? = nil) throws -> Int {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
        let below = max(range ?? 32768, 20_001)
        for _ in 0..<64 {
            let candidate = Int.random(in: 20_000..<below)
            guard candidate != other,
                let probe = try? LoopbackRedirectListener(
                    redirect: LoopbackRedirect(host: .localhost, port: candidate), pages: SignInPages(),
                    accepts: { _ in false })
            else { continue }
            probe.close()
            return candidate
        }
        throw ChildProcessError(description: "no free port below the ephemeral range")
    }

    /// Ctrl-C while the tool waits for the person: it ends, writes nothing,
    /// and leaves no listener behind.
    @Test(.tags(.pypi), arguments: ["--device", "--web"])
    func ctrlCWhileWaitingWritesNothing(method: String) async throws {
        try await withTestProvider { provider in
            let extra =
                method == "--device"
                ? [
                    "--device-endpoint", provider.issuer.absoluteString + "/o/device-authorization/",
                    "--client-id", "cli-device",
                ]
                : ["--no-browser", "--client-id", "cli-web"]
            let running = try cli.start(
                ["login", method, "--issuer", provider.issuer.absoluteString] + extra)
            let shown = try #require(
                await running.waitForStderrLine(startingWith: method == "--device" ? "Code: " : "URL: "))
            running.process.send(SIGINT)
            let result = await running.finish()
            #expect(result.status == 128 + SIGINT)
            #expect(!FileManager.default.fileExists(atPath: cli.defaultStore.path))
            if method == "--web" {
                let redirect = URLComponents(string: shown)?.queryItems?.first { $0.name == "redirect_uri" }?
                    .value
                let port = try #require(redirect.flatMap(URL.init(string:))?.port)
                #expect(!Self.accepts(port: port), "the loopback listener outlived the tool")
            }
        }
    }

    @Test func aMissingProviderOrClientIsAUsageErrorNamingTheOption() async throws {
        let noIssuer = try await cli.run(["login", "--device", "--client-id", "x"])
        #expect(noIssuer.status == 64)
        #expect(noIssuer.stderr.contains("--issuer URL") && noIssuer.stderr.contains("SESSION_CLI_ISSUER"))
        let noClient = try await cli.run(["login", "--web", "--issuer", "https://login.example.com"])
        #expect(noClient.status == 64)
        #expect(noClient.stderr.contains("--client-id"))
    }

    /// An option that does not go with the chosen login is refused, never ignored.
    @Test func optionsThatDoNotGoTogetherAreRefused() async throws {
        let cases: [([String], String)] = [
            (
                ["login", "--device", "--web"],
                "give one of --device, --web, --client-credentials, --jwt-bearer and --token-exchange"
            ),
            (["login", "--device", "--user", "alice"], "--user does not go with --device"),
            (
                ["login", "--web", "--device-endpoint", "https://x.test/d"],
                "--device-endpoint does not go with --web"
            ),
            (["login", "--device", "--no-browser"], "--no-browser does not go with --device"),
            (
                ["login", "--with-token", "--issuer", "https://x.test"],
                "--issuer does not go with a token login"
            ),
            (["login", "--device", "--issuer", "http://login.example.com"], "plain http is allowed only"),
            // A provider with no way to sign in: what is missing, said.
            (["login", "--provider", "github"], "login --provider needs a way to sign in: --device"),
            (
                ["login", "--provider", "gitlab", "--web", "--issuer", "https://github.com"],
                "--issuer names another provider than --provider gitlab"
            ),
            (
                ["login", "--device", "--provider", "bitbucket"],
                "invalid --provider: give github, gitlab, google or microsoft"
            ),
            (["login", "--device", "--scope", "two words"], "one scope per --scope"),
        ]
        for (arguments, message) in cases {
            let result = try await cli.run(arguments, stdin: "a_token_0123456789".data)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.defaultStore.path))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// `whoami` after a real device sign-in: the real provider's userinfo,
    /// asked by `session-cli-api` with the session's token; the token is
    /// in none of its output.
    @Test(.tags(.pypi)) func whoamiAsksTheRealProviderWhoTheAccountIs() async throws {
        try await withTestProvider { provider in
            let credential = try await cli.signIn(provider, arguments: ["--scope", "email"])
            let whoami = try await cli.run(["whoami"])
            #expect(whoami.status == 0, "\(whoami.stderr)")
            let lines = whoami.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Account:   alice")
            #expect(lines.contains("E-mail:    alice@example.com"))
            #expect(lines.last == "Provider:  \(provider.issuer.absoluteString)")
            let json = try await cli.run(["whoami", "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect(object?["preferred_username"] as? String == "alice")
            #expect((object?["sub"] as? String)?.isEmpty == false)
            Secret.expectAbsent(
                [credential.token.value, credential.refreshToken?.value ?? "-"],
                in: whoami.stdout + whoami.stderr,
                "whoami's output")
        }
    }
}
