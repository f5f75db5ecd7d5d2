import Foundation
import SessionCore
import SessionSupport
import SessionSystem
import SessionTestSupport
import Testing

/// Many sessions with real processes on one file: writers of many sessions
/// at once, a refresh of one while another is written, a migration killed at
/// random moments, and two providers' sessions side by side.
@Suite struct CLIManySessionsTests {
    let cli = CommandRunner()
    var store: FileLoginStateStore { FileLoginStateStore(fileURL: cli.defaultStore) }

    /// 16 processes at once, each logging in sessions of its own, switching
    /// the default, printing a token and logging one of its sessions out, on
    /// top of 4 sessions that were there: afterwards the file loads, every
    /// session that was not logged out is there with its last token, and
    /// none that was is.
    @Test(.hangGuard) func sixteenProcessesOnFourSessionsLoseNoWrite() async throws {
        let base = (0..<4).map { "s\($0)" }
        for name in base {
            #expect(
                try await cli.run(
                    ["login", "--with-token", "--server", "https://base.example.com", "--user", name],
                    stdin: "tok_base_\(name)_0123456789".data
                ).status == 0)
        }
        let failures = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            for process in 0..<16 {
                group.addTask {
                    let server = "https://p\(process % 4).example.com"
                    let steps: [([String], String?)] = [
                        (
                            ["login", "--with-token", "--server", server, "--user", "p\(process)-a"],
                            "tok_\(process)_a_0123456789"
                        ),
                        (
                            ["login", "--with-token", "--server", server, "--user", "p\(process)-b"],
                            "tok_\(process)_b_0123456789"
                        ),
                        (
                            [
                                "switch", "--server", "https://base.example.com", "--account",
                                base[process % 4],
                            ], nil
                        ),
                        (
                            [
                                "token", "--server", "https://base.example.com", "--account",
                                base[(process + 1) % 4],
                            ], nil
                        ),
                        (
                            ["login", "--with-token", "--server", server, "--user", "p\(process)-a"],
                            "tok_\(process)_a2_0123456789"
                        ),
                        (["logout", "--local", "--server", server, "--account", "p\(process)-b"], nil),
                    ]
                    for (arguments, stdin) in steps {
                        let result = try? await cli.run(arguments, stdin: stdin?.data)
                        if result?.status != 0 {
                            failures.withLock {
                                $0.append("\(arguments.first ?? ""): \(result?.stderr ?? "did not run")")
                            }
                        }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let sessions = try store.sessions()
        var expected: [String: String] = [:]
        for name in base { expected[name] = "tok_base_\(name)_0123456789" }
        for process in 0..<16 { expected["p\(process)-a"] = "tok_\(process)_a2_0123456789" }
        #expect(sessions.count == expected.count, "\(sessions.map(\.key))")
        for session in sessions {
            let account = try #require(session.key.account)
            Secret.expectEqual(session.credential.token.value, expected[account], "\(account)'s token")
        }
        #expect(sessions.filter(\.isDefault).count == 1)
    }

    /// Eight `token` processes find one session due at once while another
    /// session is written and read over and over: exactly one refresh reaches
    /// the provider, all eight print the same token, and the other session
    /// ends as its last write left it.
    @Test(.tags(.pypi), .hangGuard) func eightProcessesRefreshOnceWhileAnotherSessionIsWritten()
        async throws
    {
        try await withTestProvider { provider in
            let signedIn = try await cli.signIn(provider)
            try store.repository(for: signedIn.key).update { state in
                guard var credential = state.credential else { return }
                credential.expiresAt = Date().addingTimeInterval(-10)
                state = .loggedIn(credential)
            }
            let before = try await provider.counts()["refresh_token"] ?? 0
            let selection = [
                "--server", signedIn.server?.absoluteString ?? "", "--account", signedIn.account ?? "",
            ]
            let refreshing = try (0..<8).map { _ in try cli.start(["token"] + selection) }
            for round in 0..<10 {
                let login = try await cli.run(
                    ["login", "--with-token", "--server", "https://other.example.com", "--user", "bob"],
                    stdin: "tok_bob_\(round)_0123456789".data)
                #expect(login.status == 0, "\(login.stderr)")
                #expect(try await cli.run(["status", "--account", "bob"]).status == 0)
            }
            var printed: Set<String> = []
            for command in refreshing {
                let result = await command.finish()
                #expect(result.status == 0, "\(result.stderr)")
                printed.insert(result.stdout)
            }
            #expect(printed.count == 1)
            #expect(try await provider.counts()["refresh_token"] ?? 0 == before + 1)
            let bob = try #require(try store.sessions().first { $0.key.account == "bob" })
            Secret.expectEqual(bob.credential.token.value, "tok_bob_9_0123456789", "bob's last token")
        }
    }

    /// A version 2 file (the previous release's) migrated by a login of a
    /// second session, killed with SIGKILL at 50 random moments: the file
    /// always loads, with the old session, as version 2 or 3.
    @Test(.hangGuard) func fiftyMigrationsKilledAtRandomAlwaysLeaveTheSession() async throws {
        let fixture = try #require(
            Bundle.module.url(
                forResource: "v2", withExtension: "json", subdirectory: "Fixtures/session-files"))
        let v2 = try Data(contentsOf: fixture)
        try FileManager.default.createDirectory(
            at: cli.defaultStore.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Kills land before and after the migration's rename, wherever it falls on this machine now.
        var moments = KillMoments()
        var outcomes = (migrated: 0, untouched: 0)
        for round in 0..<50 {
            try v2.write(to: cli.defaultStore)
            let running = try cli.start(
                ["login", "--with-token", "--user", "second"], stdin: "tok_second_0123456789".data)
            // The delay picks the moment of the kill; nothing is being waited for, and no thread is held.
            try await Task.sleep(for: moments.next())
            running.process.send(SIGKILL)
            _ = await running.finish()
            let sessions = try store.sessions()
            let old = try #require(
                sessions.first { $0.key.account == "alice" }, "round \(round): the session is gone")
            Secret.expectEqual(old.credential.token.value, "sk_v2_0123456789abcdef", "round \(round)")
            if sessions.count == 2 { outcomes.migrated += 1 } else { outcomes.untouched += 1 }
            moments.record(gotPast: sessions.count == 2)
        }
        #expect(outcomes.migrated > 0 && outcomes.untouched > 0, "\(outcomes)")
    }

    /// Two providers, a session at each (and a second account at one of
    /// them): `switch` both ways, selection by option and by environment
    /// that never touches the file, `api` with a full URL to each server
    /// carrying its own token, the default moving on at logout, and `logout --all`.
    @Test(.tags(.pypi), .hangGuard) func twoProvidersSideBySide() async throws {
        try await withTestProvider { first in
            try await withTestProvider { second in
                let a = try await cli.signIn(first)
                let b = try await cli.signIn(second)
                #expect(a.key != b.key)
                #expect(try store.load().credential?.key == b.key, "the last login is the default")
                let origins = (a: try #require(a.server), b: try #require(b.server))

                // api with a full URL goes to that server with that server's token.
                for (origin, other) in [(origins.a, second), (origins.b, first)] {
                    let me = try await cli.run(["api", origin.absoluteString + "/api/me"])
                    #expect(me.status == 0, "\(me.stderr)")
                    #expect(me.stdout.contains("alice"))
                    _ = other
                }

                // Selecting never writes the file.
                let before = try Data(contentsOf: cli.defaultStore)
                #expect(try await cli.run(["token", "--server", origins.a.absoluteString]).status == 0)
                let selected = try await cli.run(
                    ["status"], extraEnvironment: ["SESSION_CLI_SERVER": origins.a.absoluteString])
                #expect(selected.stdout.contains(":    \(origins.a.absoluteString)\n"), "\(selected.stdout)")
                #expect(!selected.stdout.contains(origins.b.absoluteString))
                #expect(try Data(contentsOf: cli.defaultStore) == before, "a selection wrote the file")

                // switch goes to the other one and back.
                #expect(try await cli.run(["switch"]).stdout == "Switched the default session to \(a.key).\n")
                #expect(try store.load().credential?.key == a.key)
                #expect(try await cli.run(["switch"]).stdout == "Switched the default session to \(b.key).\n")

                // A second account at the first provider: bob, signed in with --prompt login.
                let running = try cli.start([
                    "login", "--web", "--no-browser", "--prompt", "login", "--issuer",
                    first.issuer.absoluteString,
                    "--client-id", "cli-web", "--scope", "openid", "--scope", "profile",
                ])
                let url = try #require(
                    await running.waitForStderrLine(startingWith: "URL: ").flatMap(URL.init(string:)))
                #expect(url.query?.contains("prompt=login") == true)
                _ = try await first.authorize(url, user: "bob", password: "builder-73")
                #expect(await running.finish().status == 0)
                let sessions = try store.sessions()
                #expect(sessions.count == 3)
                #expect(sessions.first?.key.account == "bob", "the new login is the default")
                let ambiguous = try await cli.run(["token", "--server", origins.a.absoluteString])
                #expect(
                    ambiguous.status == 64 && ambiguous.stderr.contains("has sessions of several accounts"))

                // Logging out the default: the most recently used becomes the default.
                let logout = try await cli.run(["logout"])
                #expect(logout.status == 0, "\(logout.stderr)")
                #expect(logout.stdout.hasSuffix("The default session is now \(b.key).\n"))
                let all = try await cli.run(["logout", "--all"])
                #expect(all.stdout == "Logged out of 2 sessions.\n")
                #expect(all.stderr.components(separatedBy: "Revoked the grant").count == 3, "\(all.stderr)")
                #expect(try await first.liveRefreshTokens().isEmpty)
                #expect(try await second.liveRefreshTokens().isEmpty)
            }
        }
    }
}
