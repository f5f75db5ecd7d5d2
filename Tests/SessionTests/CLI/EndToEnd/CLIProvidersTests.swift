import Foundation
import SessionSupport
import SessionTestSupport
import Testing

/// `session-cli` signing in at GitHub, GitLab, Google and Microsoft by their
/// real names, which these machines cannot reach, and a GitHub Actions job
/// signing in with its OpenID Connect token at Microsoft Entra ID and at
/// Google's Security Token Service: emulated as each documents
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

    /// A client-credentials request Microsoft Entra ID saw (never the assertion itself).
    struct EntraRequest: Decodable {
        let clientId: String?
        let clientAssertionType: String?
        /// Whether a client assertion came, and whether it is a token the job's token service minted.
        let clientAssertion: Bool
        let assertionMinted: Bool
        let assertionAudience: String?
        /// Whether a client secret came.
        let secret: Bool
        let scope: String
        /// `access_token`, or the AADSTS code of the refusal.
        let answer: String?
    }

    /// A token exchange Google's STS saw: its fields but the subject token.
    struct ExchangeRequest: Decodable {
        let grantType: String?
        let audience: String?
        let scope: String?
        let requestedTokenType: String?
        let subjectTokenType: String?
        let clientID: String?
        let clientSecret: String?
        /// Whether the subject token is one the job's token service minted, and its `aud`.
        let subjectTokenMinted: Bool
        let subjectTokenAudience: String?
        /// `access_token`, or the error code of the refusal.
        let answer: String?

        enum CodingKeys: String, CodingKey {
            case grantType = "grant_type"
            case audience, scope
            case requestedTokenType = "requested_token_type"
            case subjectTokenType = "subject_token_type"
            case clientID = "client_id"
            case clientSecret = "client_secret"
            case subjectTokenMinted, subjectTokenAudience, answer
        }
    }

    /// What a scenario noted besides its steps; each notes its own, so all are optional.
    struct Facts: Decodable {
        /// The job's `ACTIONS_ID_TOKEN_REQUEST_TOKEN` and every token its token service minted.
        let jobRequestToken: String?
        let mintedTokens: [String]?
        /// How many times the job's token service was asked before and after a renewal.
        let tokenServiceBeforeRenewal: Int?
        let tokenServiceAfterRenewal: Int?
        /// The requests Entra saw for a sign-in with an expired platform token.
        let entraRequestsForExpired: Int?
        let entra: [EntraRequest]?
        let sts: [ExchangeRequest]?
    }

    struct Outcome: Decodable {
        let steps: [String: Step]
        let requests: [Seen]
        let facts: Facts

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

    /// A GitHub Actions job: its token for `api://AzureADTokenExchange` as a
    /// client assertion at Microsoft Entra ID (a federated identity
    /// credential), renewed by asking the job's token service again; and its
    /// token for the pool provider exchanged at Google's STS.
    @Test func githubActionsJobAtEntraAndGoogleSTS() async throws {
        let outcome = try await scenarios("github-actions")
        let facts = outcome.facts
        let app = "11111111-2222-3333-4444-555555555555"
        let login = try outcome.step("entra-login")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("Logged in as \(app) on https://graph.microsoft.com."))
        let status = try outcome.step("entra-status")
        #expect(status.status == 0, "\(status.stderr)")
        #expect(
            status.stdout.contains(
                "client credentials, with an assertion from GitHub Actions (audience api://AzureADTokenExchange)"
            ))
        let first = try outcome.step("entra-token").stdout.trimmingCharacters(in: .newlines)
        #expect(first.hasPrefix("eyJ0eXAiOiJKV1Qi."))
        // The application's token reads what an application may at Graph.
        #expect(try outcome.step("entra-api").stdout.contains(#""displayName": "Contoso""#))
        // Entra saw the job's token as the client assertion: no secret, the .default scope.
        let entra = try #require(facts.entra)
        let signIn = try #require(entra.first)
        #expect(signIn.clientId == app)
        #expect(signIn.clientAssertionType == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
        #expect(signIn.clientAssertion && signIn.assertionMinted && !signIn.secret)
        #expect(signIn.assertionAudience == "api://AzureADTokenExchange")
        #expect(signIn.scope == "https://graph.microsoft.com/.default" && signIn.answer == "access_token")
        // A due token is renewed with a fresh token from the job's token service.
        let renewal = try outcome.step("entra-renew")
        #expect(renewal.status == 0, "\(renewal.stderr)")
        let second = renewal.stdout.trimmingCharacters(in: .newlines)
        #expect(second.hasPrefix("eyJ0eXAiOiJKV1Qi.") && second != first, "the token was not renewed")
        let asked = try #require(facts.tokenServiceBeforeRenewal)
        #expect(
            facts.tokenServiceAfterRenewal == asked + 1, "the renewal did not ask the token service again")
        try #require(entra.count >= 2)
        #expect(entra[1].assertionMinted && entra[1].answer == "access_token")
        #expect(try outcome.step("entra-api after renewal").status == 0)
        // Another audience: no federated credential matches (AADSTS700212), said in one line.
        let wrong = try outcome.step("entra-wrong-audience")
        #expect(wrong.status == 77)
        #expect(wrong.stdout.isEmpty)
        #expect(
            wrong.stderr.hasPrefix(
                "session-cli: the provider refused the platform token from GitHub Actions (audience api://other) (invalid_client: AADSTS700212: No matching federated identity record found for presented assertion audience 'api://other'."
            ), "\(wrong.stderr)")
        #expect(wrong.stderr.utf8.filter { $0 == 0x0A }.count == 1 && wrong.stderr.hasSuffix("\n"))
        #expect(!wrong.stderr.utf8.contains(0x0D) && !wrong.stderr.contains("Trace ID"))
        // A token already expired is refused before Entra is asked; outside a job, nothing is asked.
        let expired = try outcome.step("entra-expired")
        #expect(expired.status == 77)
        #expect(
            expired.stderr.contains(
                "no usable platform token from GitHub Actions (audience api://AzureADTokenExchange): it expired at"
            ),
            "\(expired.stderr)")
        #expect(facts.entraRequestsForExpired == 0)
        let outside = try outcome.step("entra-outside a job")
        #expect(outside.status == 77)
        #expect(outside.stderr.contains("ACTIONS_ID_TOKEN_REQUEST_URL is not set"), "\(outside.stderr)")
        // Google's STS: the job's token for the pool provider, exchanged at the endpoint given.
        let pool = "projects/123456/locations/global/workloadIdentityPools/ci-pool/providers/github"
        let exchange = try outcome.step("sts-login")
        #expect(exchange.status == 0, "\(exchange.stderr)")
        let stsStatus = try outcome.step("sts-status")
        #expect(stsStatus.status == 0, "\(stsStatus.stderr)")
        #expect(
            stsStatus.stdout.contains(
                "token exchange, of a token from GitHub Actions (audience https://iam.googleapis.com/\(pool))"
            ))
        let federated = try outcome.step("sts-token").stdout.trimmingCharacters(in: .newlines)
        #expect(federated.hasPrefix("ya29.d."))
        let sent = try #require(facts.sts?.first)
        #expect(sent.grantType == "urn:ietf:params:oauth:grant-type:token-exchange")
        #expect(sent.audience == "//iam.googleapis.com/\(pool)")
        #expect(sent.subjectTokenType == "urn:ietf:params:oauth:token-type:jwt")
        #expect(sent.requestedTokenType == "urn:ietf:params:oauth:token-type:access_token")
        #expect(sent.scope == "https://www.googleapis.com/auth/cloud-platform")
        #expect(sent.clientID == "github-ci" && sent.clientSecret == nil)
        #expect(sent.subjectTokenMinted && sent.subjectTokenAudience == "https://iam.googleapis.com/\(pool)")
        #expect(sent.answer == "access_token")
        // No discovery at the STS: only its token endpoint was asked.
        #expect(
            outcome.requests.filter { $0.host == "sts.googleapis.com" }.allSatisfy { $0.path == "/v1/token" })
        // Neither the job's request token nor any token it minted (nor a minted token's claims) reached
        // a terminal.
        let minted = try #require(facts.mintedTokens)
        #expect(!minted.isEmpty)
        let request = try #require(facts.jobRequestToken)
        let claims = minted.compactMap { $0.split(separator: ".").dropFirst().first.map(String.init) }
        let platform = [request] + minted + claims
        for (name, step) in outcome.steps {
            Secret.expectAbsent(platform, in: step.stdout, "the standard output of \(name)")
            Secret.expectAbsent(platform, in: step.stderr, "the standard error of \(name)")
        }
        expectManners(outcome, tokens: [first, second, federated].filter { !$0.isEmpty })
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
