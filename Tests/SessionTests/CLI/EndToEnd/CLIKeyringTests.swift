import Foundation
import SessionSupport
import SessionTestSupport
import Testing

@testable import SessionCore

/// `session-cli` with its tokens in a real Secret Service: Debian's
/// gnome-keyring on a private session bus, a real provider, and the tool as
/// a person runs it. After each step the session file is searched for every
/// token, and `secret-tool` says what the keyring holds. Skipped with one
/// line where gnome-keyring is not installed, unless
/// `SESSION_TESTS_REQUIRE_KEYRING=1` (set by CI).
@Suite(
    .tags(.keyring, .pypi),
    .enabled(
        if: KeyringTestSession.isInstalled || KeyringTestSession.isRequired,
        "gnome-keyring is not installed; run 'apt-get install gnome-keyring dbus libsecret-tools' to run the keyring tests"
    ))
struct CLIKeyringTests {
    let home = TemporaryDirectory()

    /// The tool, talking to `keyring`'s bus.
    func cli(_ keyring: KeyringTestSession) -> CommandRunner {
        var cli = CommandRunner(home: home)
        cli.environment["DBUS_SESSION_BUS_ADDRESS"] = keyring.address
        return cli
    }

    /// The tool's session file, read as the tool reads it, with `keyring`'s items.
    func store(_ keyring: KeyringTestSession) -> FileLoginStateStore {
        FileLoginStateStore(path: CommandRunner(home: home).defaultStore.path) { path in
            KeyringSecretStore(application: "session-cli", storePath: path, address: keyring.address)
        }
    }

    var file: URL { CommandRunner(home: home).defaultStore }

    /// Every secret of `credential`.
    func secrets(of credential: Credential) -> [String] {
        [credential.token, credential.refreshToken, credential.idToken, credential.provider?.clientSecret]
            .compactMap { $0?.value }
    }

    /// The session file holds none of `secrets`, and still loads.
    func expectFileHoldsNone(
        of secrets: [String], _ keyring: KeyringTestSession, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        Secret.expectAbsent(
            secrets, in: try Data(contentsOf: file), "the session file", sourceLocation: sourceLocation)
        _ = try store(keyring).loadWithoutSecrets()
    }

    /// The values of the tool's items in the keyring.
    func itemSecrets(_ keyring: KeyringTestSession) async throws -> Set<String> {
        Set(try await keyring.items(matching: ["application": "session-cli"]).map(\.secret))
    }

    /// A session from `login --device --secrets keyring`, with its secrets.
    func signIn(_ provider: OAuthTestProvider, _ keyring: KeyringTestSession) async throws -> Credential {
        try await cli(keyring).signIn(provider, arguments: ["--secrets", "keyring"], store: store(keyring))
    }

    /// Makes the default session's token expired, as time would.
    func makeDue(_ keyring: KeyringTestSession) throws {
        try store(keyring).update { state in
            guard var credential = state.credential else { return }
            credential.expiresAt = Date().addingTimeInterval(-10)
            state = .loggedIn(credential)
        }
    }

    func requireKeyring() throws {
        try #require(
            KeyringTestSession.isInstalled,
            "SESSION_TESTS_REQUIRE_KEYRING=1 but \(KeyringTestSession.skipReason)")
    }

    @Test func loginStatusTokenAPIRefreshAndLogoutNeverPutATokenInTheFile() async throws {
        try requireKeyring()
        try await withKeyring { keyring in
            try await withTestProvider { provider in
                let cli = cli(keyring)
                let first = try await signIn(provider, keyring)
                var seen = secrets(of: first)
                #expect(first.refreshToken != nil && first.secretsLocation == .keyring)
                try expectFileHoldsNone(of: seen, keyring)
                #expect(try await itemSecrets(keyring) == Set(seen), "the keyring holds the session's tokens")

                // status reads the file only: it works with no bus at all, and says where the tokens are.
                let status = try await cli.run(
                    ["status"], extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
                #expect(status.status == 0, "\(status.stderr)")
                #expect(status.stdout.contains("Secrets:") && status.stdout.contains("in the system keyring"))
                Secret.expectAbsent(seen, in: status.output, "status")
                let json = try await cli.run(["status", "--json"])
                #expect(json.stdout.contains(#""secrets":"keyring""#))
                let shown = try await cli.run(["status", "--show-token"])
                Secret.expectPresent(first.token.value, in: shown.stdout, "status --show-token")

                let token = try await cli.run(["token"])
                #expect(token.status == 0, "\(token.stderr)")
                Secret.expectEqual(token.stdout, first.token.value + "\n", "the printed token")
                let api = try await cli.run(["api", "/api/me"])
                #expect(api.status == 0, "\(api.stderr)")
                #expect(api.stdout.contains("alice"))
                try expectFileHoldsNone(of: seen, keyring)

                // A refresh: the new pair replaces the old in the keyring, and the file holds neither.
                try makeDue(keyring)
                let refreshed = try await cli.run(["token"])
                #expect(refreshed.status == 0, "\(refreshed.stderr)")
                let second = try #require(try store(keyring).load().credential)
                Secret.expectEqual(refreshed.stdout, second.token.value + "\n", "the refreshed token")
                #expect(second.token != first.token && second.refreshToken != first.refreshToken)
                #expect(
                    try await itemSecrets(keyring) == Set(secrets(of: second)),
                    "only the current pair is kept")
                seen += secrets(of: second)
                try expectFileHoldsNone(of: seen, keyring)

                let logout = try await cli.run(["logout"])
                #expect(logout.status == 0, "\(logout.stderr)")
                #expect(logout.stderr.contains("Revoked the grant"), "\(logout.stderr)")
                #expect(try await itemSecrets(keyring).isEmpty, "logout deleted the items")
                #expect(try await provider.liveRefreshTokens()["cli-device"] == nil)
                try expectFileHoldsNone(of: seen, keyring)
                Secret.expectAbsent(seen, in: logout.output, "logout")
            }
        }
    }

    @Test func eightProcessesRefreshADueKeyringSessionOnce() async throws {
        try requireKeyring()
        try await withKeyring { keyring in
            try await withTestProvider { provider in
                let cli = cli(keyring)
                let first = try await signIn(provider, keyring)
                try makeDue(keyring)
                let before = try await provider.counts()["refresh_token"] ?? 0
                let results = try await cli.runTogether(8, ["token"])
                #expect(results.filter { $0.status == 0 }.count == 8, "\(results.map(\.stderr))")
                #expect(Set(results.map(\.stdout)).count == 1)
                #expect(try await provider.counts()["refresh_token"] ?? 0 == before + 1)
                let current = try #require(try store(keyring).load().credential)
                Secret.expectEqual(results.first?.stdout, current.token.value + "\n", "the printed token")
                #expect(try await itemSecrets(keyring) == Set(secrets(of: current)), "one current pair")
                try expectFileHoldsNone(of: secrets(of: first) + secrets(of: current), keyring)
            }
        }
    }

    @Test(arguments: [KeyringTestSession.Mode.noSecretService, .locked])
    func aKeyringThatCannotBeUsedFailsTheLoginInOneLineAndWritesNothing(mode: KeyringTestSession.Mode)
        async throws
    {
        try requireKeyring()
        try await withKeyring(mode) { keyring in
            let result = try await cli(keyring).run(
                ["login", "--with-token", "--secrets", "keyring", "--server", "https://api.example.com"],
                stdin: Sample.secret.data)
            #expect(result.status == 69, "\(result.stderr)")
            // One line, after the one that says a prompt is waited for (when the keyring offered one).
            let lines = result.stderr.split(separator: "\n").filter {
                !$0.contains("for the keyring to be unlocked")
            }
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(
                result.stderr.contains(mode == .locked ? "locked" : "org.freedesktop.secrets"),
                "\(result.stderr)")
            #expect(result.stderr.contains("--secrets file"))
            Secret.expectAbsent([Sample.secret], in: result.output, "the output")
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func noSessionBusFailsTheLoginInOneLineAndWritesNothing() async throws {
        var cli = CommandRunner(home: home)
        cli.environment["XDG_RUNTIME_DIR"] = home.file("no-runtime").path
        let result = try await cli.run(
            ["login", "--with-token", "--server", "https://api.example.com"], stdin: Sample.secret.data,
            extraEnvironment: ["SESSION_CLI_SECRETS": "keyring"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("no session D-Bus"), "\(result.stderr)")
        Secret.expectAbsent([Sample.secret], in: result.output, "the output")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        // The file store's own default is unchanged: a login without the keyring works.
        let plain = try await cli.run(["login", "--with-token"], stdin: Sample.secret.data)
        #expect(plain.status == 0, "\(plain.stderr)")
    }

    @Test func aDaemonKilledDuringARefreshFailsInOneLineAndLeavesTheFileLoadable() async throws {
        try requireKeyring()
        try await withKeyring { keyring in
            try await withTestProvider { provider in
                let cli = cli(keyring)
                let first = try await signIn(provider, keyring)
                try makeDue(keyring)
                try await provider.holdRefreshes()
                let refresh = try cli.start(["token"])
                // The refresh has read the refresh token from the keyring and waits at the provider.
                #expect(try await provider.waitForHeldRefresh(), "the refresh never reached the provider")
                keyring.killDaemon()
                try await provider.releaseRefreshes()
                let result = await refresh.finish()
                #expect(result.status == 69, "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
                Secret.expectEmpty(result.stdout, "token's output")
                Secret.expectAbsent(secrets(of: first), in: result.stderr, "token's error")
                // The file still loads, names the keyring, and holds no token, old or new.
                let shown = try #require(try store(keyring).loadWithoutSecrets().credential)
                #expect(shown.secretsLocation == .keyring && shown.token.isStandIn)
                try expectFileHoldsNone(of: secrets(of: first), keyring)
                Secret.expectAbsent(
                    ["\"token\":\"at_", "\"refreshToken\":\"rt_"], in: try Data(contentsOf: file), "the file")
                let status = try await cli.run(["status"])
                #expect(status.status == 0 || status.status == 1, "\(status.stderr)")
            }
        }
    }

    @Test func aSessionsTokensMoveToTheKeyringAndBackWithoutASignIn() async throws {
        try requireKeyring()
        try await withKeyring { keyring in
            let cli = cli(keyring)
            let nothing = try await cli.run(["login", "--secrets", "keyring"])
            #expect(nothing.status == 1 && nothing.stderr.contains("no session to move"), "\(nothing.stderr)")
            let login = try await cli.run(
                ["login", "--with-token", "--server", "https://api.example.com", "--user", "alice"],
                stdin: Sample.secret.data)
            #expect(login.status == 0, "\(login.stderr)")
            Secret.expectPresent(Sample.secret, in: try String(contentsOf: file, encoding: .utf8), "the file")

            let move = try await cli.run(["login", "--secrets", "keyring"])
            #expect(move.status == 0, "\(move.stderr)")
            #expect(
                move.stdout.contains(
                    "Moved the tokens of alice on https://api.example.com to the system keyring"))
            try expectFileHoldsNone(of: [Sample.secret], keyring)
            #expect(try await itemSecrets(keyring) == [Sample.secret])
            let token = try await cli.run(["token"])
            Secret.expectEqual(token.stdout, Sample.secret + "\n", "the token from the keyring")
            let again = try await cli.run(["login", "--secrets", "keyring"])
            #expect(again.stdout.contains("already in the system keyring"), "\(again.stdout)")

            // A new login of the same session keeps its tokens where they were: in the keyring.
            let replaced = try await cli.run(
                ["login", "--with-token", "--server", "https://api.example.com", "--user", "alice"],
                stdin: Sample.otherSecret.data)
            #expect(replaced.status == 0, "\(replaced.stderr)")
            #expect(try await itemSecrets(keyring) == [Sample.otherSecret])
            try expectFileHoldsNone(of: [Sample.secret, Sample.otherSecret], keyring)

            let back = try await cli.run(["login", "--secrets", "file", "--user", "alice"])
            #expect(back.status == 0, "\(back.stderr)")
            #expect(try await itemSecrets(keyring).isEmpty)
            Secret.expectPresent(
                Sample.otherSecret, in: try String(contentsOf: file, encoding: .utf8), "the file")

            let bob = try await cli.run(["login", "--secrets", "keyring", "--user", "bob"])
            #expect(bob.status == 1 && bob.stderr.contains("no session for bob"), "\(bob.stderr)")
            let wrong = try await cli.run(["login", "--secrets", "wallet"])
            #expect(wrong.status == 64 && wrong.stderr.contains("give file or keyring"), "\(wrong.stderr)")
        }
    }

    @Test func aLogoutThatCannotReachTheKeyringSaysHowToDeleteTheItems() async throws {
        try requireKeyring()
        try await withKeyring { keyring in
            let cli = cli(keyring)
            let login = try await cli.run(
                ["login", "--with-token", "--secrets", "keyring", "--server", "https://api.example.com"],
                stdin: Sample.secret.data)
            #expect(login.status == 0, "\(login.stderr)")
            let logout = try await cli.run(
                ["logout"], extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
            #expect(logout.status == 69, "\(logout.stderr)")
            #expect(logout.stdout.contains("Logged out"))
            #expect(
                logout.stderr.contains("delete them with: secret-tool clear application session-cli"),
                "\(logout.stderr)")
            #expect(!FileManager.default.fileExists(atPath: file.path))
            // The command it gives deletes them.
            let words = try #require(
                logout.stderr.components(separatedBy: "delete them with: secret-tool ").last)
            let arguments = words.trimmingCharacters(in: .newlines).split(separator: " ").map {
                String($0).replacingOccurrences(of: "'", with: "")
            }
            _ = try await keyring.secretTool(arguments)
            #expect(try await itemSecrets(keyring).isEmpty)
        }
    }
}
