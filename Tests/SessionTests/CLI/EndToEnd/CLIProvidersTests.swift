import Foundation
import SessionSupport
import SessionTestSupport
import Testing

/// `session-cli` signing in at GitHub, GitLab, Google and Microsoft by their
/// real names, which these machines cannot reach: emulated as each documents
/// itself (`Scripts/providers/emulator.py`), in a network namespace of the
/// test's own where every provider's name is 10.77.0.2 on the namespace's
/// `lo`, with a certificate from a CA the test makes and the tool trusts
/// through `SSL_CERT_FILE` only (`Scripts/providers/scenarios.py`). The tool
/// reaches the real URLs unchanged. Needs root, `unshare`, `ip`, `openssl`
/// and `git`; elsewhere skipped with one line, unless
/// `SESSION_TESTS_REQUIRE_NAMESPACE=1` (set by CI).
@Suite(
    .tags(.python), .hangGuard,
    .enabled(
        if: TestNamespace.canRun(with: ["/usr/bin/openssl", "/usr/bin/git"])
            || ProcessInfo.processInfo.environment["SESSION_TESTS_REQUIRE_NAMESPACE"] == "1",
        "the provider tests need root, unshare, ip, openssl and git ('apt-get install iproute2 openssl git'); skipped"
    ))
struct CLIProvidersTests {
    struct Step: Decodable {
        /// The exit status; a negative one is the signal that ended it.
        let status: Int
        let stdout: String
        let stderr: String
    }

    /// One request the emulator answered.
    struct Seen: Decodable {
        let host: String
        let method: String
        let path: String
        let userAgent: String?
        /// Whether the client's secret came with it.
        let secret: Bool
    }

    struct Outcome: Decodable {
        let steps: [String: Step]
        let requests: [Seen]

        func step(_ name: String) throws -> Step {
            try #require(steps[name], "no step \(name)")
        }

        /// What `status --json` said in `name`.
        func json(_ name: String) throws -> [String: Any] {
            let text = try step(name).stdout
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }

        /// The requests the tool sent: every one but the person's browser's and git's own.
        var fromTheTool: [Seen] {
            requests.filter {
                !($0.userAgent ?? "").hasPrefix("Python-urllib") && !($0.userAgent ?? "").hasPrefix("git/")
            }
        }
    }

    func scenarios(_ provider: String) async throws -> Outcome {
        let home = TemporaryDirectory()
        let options = ["cli": Executables.sessionCLI.path, "home": home.path, "provider": provider]
        let argument = String(decoding: try JSONSerialization.data(withJSONObject: options), as: UTF8.self)
        let process = try ChildProcess(
            [
                "/usr/bin/unshare", "--net", "--mount", "python3",
                TestScripts.url("providers/scenarios.py").path, argument,
            ],
            stdout: .pipe)
        let output = try await offThePool { try process.output?.readToEnd() ?? Data() }
        let status = await process.exitStatus()
        #expect(status == 0, "the \(provider) scenarios ended with \(status)")
        return try JSONDecoder().decode(Outcome.self, from: output)
    }

    /// Every request the tool sent names it (GitHub's API refuses one that
    /// names nothing), and no token it got reached a terminal unasked.
    func expectManners(_ outcome: Outcome, tokens: [String]) {
        #expect(!outcome.fromTheTool.isEmpty)
        for request in outcome.fromTheTool {
            #expect(request.userAgent == "session-cli/\(sessionVersion)", "\(request.host)\(request.path)")
        }
        for (name, step) in outcome.steps {
            Secret.expectAbsent(tokens, in: step.stderr, "the standard error of \(name)")
        }
    }

    @Test func githubByNameDeviceGitAndLogout() async throws {
        let outcome = try await scenarios("github")
        let login = try outcome.step("login")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("Logged in as octocat on https://api.github.com."))
        let status = try outcome.json("status")
        #expect(
            status["server"] as? String == "https://api.github.com"
                && status["account"] as? String == "octocat")
        #expect((status["provider"] as? [String: Any])?["name"] as? String == "github")
        let token = try outcome.step("token").stdout.trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("gho_"))
        // The API at api.github.com, with the account GitHub names there.
        #expect(try outcome.step("api").stdout.contains(#""login": "octocat""#))
        // whoami reads GitHub's account where OpenID Connect has none: login, and id for sub.
        let whoami = try outcome.json("whoami")
        #expect(whoami["preferred_username"] as? String == "octocat" && whoami["sub"] as? String == "583231")
        // git at github.com takes the token; gist.github.com gets nothing.
        #expect(try outcome.step("setup-git").stdout.contains("Configured git for https://github.com"))
        let git = try outcome.step("git ls-remote https://github.com")
        #expect(git.status == 0 && git.stdout.contains("refs/heads/main"), "\(git.stderr)")
        Secret.expectEqual(
            try outcome.step("credential github.com").stdout, "username=octocat\npassword=\(token)\n",
            "git's credential for github.com")
        let gist = try outcome.step("credential gist.github.com")
        #expect(gist.status == 0 && gist.stdout.isEmpty)
        // No revocation: where the person can revoke, said as a note, exit 0.
        let logout = try outcome.step("logout")
        #expect(logout.status == 0)
        #expect(
            logout.stderr.contains(
                "note: GitHub lets no app revoke its grant; to end it there too, revoke it at https://github.com/settings/applications"
            ))
        // A GitHub App's expiring token, its answers in forms and a slow_down with HTTP 200.
        let app = try outcome.step("app login")
        #expect(app.status == 0, "\(app.stderr)")
        let before = try outcome.step("app token before").stdout
        #expect(before.hasPrefix("ghu_"))
        #expect(try outcome.step("app api after expiry").status == 0)
        let after = try outcome.step("app token after").stdout
        #expect(after.hasPrefix("ghu_") && after != before, "the token was not rotated")
        // bad_refresh_token (HTTP 200) ends the session.
        #expect(try outcome.step("app api refused").status == 77)
        #expect(try outcome.step("app status after refusal").stdout.hasPrefix("Not logged in"))
        #expect(outcome.requests.filter { $0.path.contains("revoke") }.isEmpty)
        expectManners(outcome, tokens: [token, before, after])
    }

    /// A browser on another machine: its address pasted back on a terminal.
    @Test func githubPasteBackOnATerminal() async throws {
        let outcome = try await scenarios("github-paste")
        let pasted = try outcome.step("pasted login")
        #expect(pasted.status == 0, "\(pasted.stderr)")
        #expect(
            pasted.stderr.contains(
                "refused the address pasted: its state is another sign-in's; paste the address this sign-in's browser stopped at"
            ))
        #expect(pasted.stderr.contains("refused the address pasted: it is not this sign-in's redirect"))
        #expect(pasted.stderr.contains("Logged in as octocat on https://api.github.com."))
        #expect(try outcome.json("pasted status")["account"] as? String == "octocat")
        // Refused, then Ctrl-C: nothing saved.
        let abandoned = try outcome.step("pasted, then Ctrl-C")
        #expect(abandoned.status == -Int(SIGINT) || abandoned.status == 130, "\(abandoned.status)")
        #expect(abandoned.stderr.contains("it is not this sign-in's redirect"))
        let after = try outcome.json("status after abandoned")
        #expect(after["state"] as? String == "logged_out" && (after["sessions"] as? [Any])?.isEmpty == true)
    }

    @Test func googleByNameSecretRefreshAndRevocation() async throws {
        let outcome = try await scenarios("google")
        let login = try outcome.step("login")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("Logged in as alice@gmail.com on https://www.googleapis.com."))
        let status = try outcome.json("status")
        #expect((status["provider"] as? [String: Any])?["name"] as? String == "google")
        #expect(status["canRefresh"] as? Bool == true)
        #expect(try outcome.step("api").stdout.contains("alice@gmail.com"))
        // Two refreshes whose answers hold no refresh token: the first one is kept.
        for round in ["first", "second"] {
            let api = try outcome.step("api after expiry, \(round)")
            #expect(api.status == 0, "\(round): \(api.stderr)")
        }
        // A new sign-in of the same app and account continues the grant: the old tokens stay unrevoked.
        let again = try outcome.step("login again")
        #expect(again.stdout.contains("Google keeps one grant for this app and account"))
        #expect(try outcome.step("api after login again").status == 0)
        let logout = try outcome.step("logout")
        #expect(
            logout.status == 0 && logout.stderr.contains("Revoked the grant at https://accounts.google.com."))
        #expect(outcome.requests.contains { $0.host == "oauth2.googleapis.com" && $0.path == "/revoke" })
        // The secret went with every token request, and only ever to Google's hosts.
        let google: Set = ["accounts.google.com", "oauth2.googleapis.com", "openidconnect.googleapis.com"]
        #expect(outcome.requests.filter(\.secret).allSatisfy { google.contains($0.host) })
        #expect(outcome.requests.filter { $0.path == "/token" }.allSatisfy { $0.secret })
        // A desktop client in the browser: offline access and consent asked for, the secret on the
        // code exchange, and so a session that can refresh.
        let browser = try outcome.step("browser login")
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(browser.stderr.contains("access_type=offline") && browser.stderr.contains("prompt=consent"))
        #expect(try outcome.json("browser status")["canRefresh"] as? Bool == true)
        let hostile = try outcome.step("hostile discovery")
        #expect(hostile.status == 76)
        #expect(
            hostile.stderr
                == "session-cli: the token endpoint named for Google is at a host that is not Google's; nothing was sent there\n"
        )
        #expect(!outcome.requests.contains { $0.host == "attacker.example.test" })
        expectManners(outcome, tokens: [try outcome.step("token").stdout.trimmingCharacters(in: .newlines)])
    }

    @Test func microsoftTenantsAndTheirIssuers() async throws {
        let outcome = try await scenarios("microsoft")
        let login = try outcome.step("login")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("Logged in as alice@contoso.com on https://graph.microsoft.com."))
        #expect(try outcome.step("api").stdout.contains("alice@contoso.com"))
        #expect(try outcome.step("api after expiry").status == 0)
        let logout = try outcome.step("logout")
        #expect(logout.status == 0)
        #expect(
            logout.stderr.contains(
                "note: https://login.microsoftonline.com/organizations/v2.0 lists no revocation endpoint"))
        // A tenant by its domain name, whose document names its ID.
        #expect(try outcome.step("tenant by domain").status == 0)
        let tenant = try outcome.json("tenant status")
        #expect(
            (tenant["provider"] as? [String: Any])?["issuer"] as? String
                == "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0")
        // An ID token whose tid is another tenant than its iss: refused, nothing saved.
        let other = try outcome.step("another tid")
        #expect(other.status == 76)
        #expect(
            other.stderr.hasSuffix(
                "session-cli: the provider's ID token was refused: its issuer (iss) is not the provider\n"))
        #expect(try outcome.json("status after another tid")["state"] as? String == "logged_out")
        // {tenantid} from any other host is another issuer.
        let impostor = try outcome.step("impostor")
        #expect(impostor.status == 76)
        #expect(impostor.stderr.contains("names another issuer than https://login.example.test/common/v2.0"))
        expectManners(outcome, tokens: [try outcome.step("token").stdout.trimmingCharacters(in: .newlines)])
    }

    @Test func gitlabDeviceEndpointGitAndRotation() async throws {
        let outcome = try await scenarios("gitlab")
        let login = try outcome.step("login")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("Logged in as alice on https://gitlab.com."))
        #expect(outcome.requests.contains { $0.path == "/oauth/authorize_device" })
        #expect(try outcome.step("api").stdout.contains(#""username": "alice""#))
        let git = try outcome.step("git ls-remote https://gitlab.com")
        #expect(git.status == 0 && git.stdout.contains("refs/heads/main"), "\(git.stderr)")
        #expect(try outcome.step("credential gitlab.com").stdout.hasPrefix("username=oauth2\npassword="))
        let before = try outcome.step("token before").stdout
        #expect(try outcome.step("api after expiry").status == 0)
        #expect(try outcome.step("token after").stdout != before, "the token was not rotated")
        let logout = try outcome.step("logout")
        #expect(logout.status == 0 && logout.stderr.contains("Revoked the grant at https://gitlab.com."))
        expectManners(outcome, tokens: [before])
    }
}
