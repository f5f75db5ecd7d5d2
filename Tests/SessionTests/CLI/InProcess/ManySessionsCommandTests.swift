import Foundation
import SessionCLIKit
import SessionCore
import SessionSystem
import Testing

/// Many sessions through the commands, in-process: selection by option and
/// by environment that never changes the default, switch, logout of one or
/// all, and every refusal.
@Suite struct ManySessionsCommandTests {
    let tool = Tool(network: nil)

    /// Three sessions: alice and bob on one server, carol on another; carol is the default.
    func threeSessions() async throws {
        for (account, server, token) in [
            ("alice", "https://api.example.com", "tok_alice_0123456789"),
            ("bob", "https://api.example.com", "tok_bob_0123456789"),
            ("carol", "https://staging.example.com", "tok_carol_0123456789"),
        ] {
            let login = await tool.run(
                ["login", "--with-token", "--server", server, "--user", account, "--expires-in", "3600"],
                stdin: token)
            #expect(login.status == 0, "\(login.stderr)")
        }
    }

    var file: Data { get throws { try Data(contentsOf: tool.defaultStore) } }

    @Test func selectionByOptionOrEnvironmentNeverChangesTheDefault() async throws {
        try await threeSessions()
        let before = try file
        let byOption = await tool.run(["token", "--server", "https://api.example.com/v2", "--account", "bob"])
        Secret.expectEqual(byOption.stdout, "tok_bob_0123456789\n", "bob's token")
        let byEnvironment = await tool.run(
            ["token"], environment: [.server: "https://api.example.com", .account: "alice"])
        Secret.expectEqual(byEnvironment.stdout, "tok_alice_0123456789\n", "alice's token")
        // The option wins over the environment, field by field.
        let mixed = await tool.run(
            ["token", "--account", "bob"], environment: [.server: "https://api.example.com"])
        Secret.expectEqual(mixed.stdout, "tok_bob_0123456789\n", "bob's token")
        let status = await tool.run(["status", "--account", "alice"])
        #expect(status.status == 0 && status.stdout.contains("  Account:  alice\n"))
        #expect(!status.stdout.contains("Other sessions"), "a selected session is shown alone")
        #expect(try file == before, "selecting wrote the file")
        let plain = await tool.run(["token"])
        Secret.expectEqual(plain.stdout, "tok_carol_0123456789\n", "the default's token")
    }

    @Test func noMatchIsExit1AndSeveralAreExit64NamingTheSessions() async throws {
        try await threeSessions()
        let none = await tool.run(["token", "--server", "https://other.example.com"])
        #expect(none.status == 1)
        #expect(
            none.stderr
                == "session-cli: no session for https://other.example.com; the sessions are: carol on https://staging.example.com, bob on https://api.example.com, alice on https://api.example.com\n"
        )
        let several = await tool.run(["status", "--server", "https://api.example.com"])
        #expect(several.status == 64)
        #expect(
            several.stderr
                == "session-cli: https://api.example.com has sessions of several accounts (bob, alice); give --account (or SESSION_CLI_ACCOUNT) too\n"
        )
        #expect(await tool.run(["token", "--server", "not a url"]).status == 64)
        #expect(await tool.run(["token"], environment: [.server: "ftp://x.example"]).status == 64)
        #expect(await tool.run(["logout", "--all", "--account", "bob"]).status == 64)
    }

    @Test func switchMakesAnotherSessionTheDefaultAndSaysWhich() async throws {
        try await threeSessions()
        let choices = await tool.run(["switch"])
        #expect(choices.status == 64)
        #expect(choices.stderr.contains("there are 3 sessions; choose one with --account: "))
        let toAlice = await tool.run(["switch", "--account", "alice"])
        #expect(toAlice.stdout == "Switched the default session to alice on https://api.example.com.\n")
        Secret.expectEqual(
            await tool.run(["token"]).stdout, "tok_alice_0123456789\n", "the new default's token")
        #expect(await tool.run(["switch", "--account", "alice"]).stdout.contains("is already the default"))
        let unknown = await tool.run(["switch", "--account", "mallory"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no session for mallory"))
        // The environment selects for a shell; it does not say where to switch.
        let fromEnvironment = await tool.run(["switch"], environment: [.account: "bob"])
        #expect(fromEnvironment.status == 64)
        #expect(
            await tool.run(["switch", "--account", "bob"], environment: [.token: "tok_env_0123456789"]).status
                == 64)
    }

    @Test func withTwoSessionsSwitchGoesToTheOtherBothWays() async throws {
        for account in ["alice", "bob"] {
            #expect(
                await tool.run(
                    ["login", "--with-token", "--user", account], stdin: "tok_\(account)_0123456789"
                ).status == 0)
        }
        #expect(await tool.run(["switch"]).stdout == "Switched the default session to alice (no server).\n")
        #expect(await tool.run(["switch"]).stdout == "Switched the default session to bob (no server).\n")
    }

    @Test func logoutEndsTheSelectedSessionAndTheDefaultMovesOn() async throws {
        try await threeSessions()
        // bob is used last, so after carol it is the default.
        #expect(await tool.run(["switch", "--account", "bob"]).status == 0)
        #expect(await tool.run(["switch", "--account", "carol"]).status == 0)
        let one = await tool.run(["logout", "--account", "alice"])
        #expect(one.stdout == "Logged out alice on https://api.example.com.\n", "not the default: it stays")
        let theDefault = await tool.run(["logout"])
        #expect(
            theDefault.stdout
                == "Logged out carol on https://staging.example.com.\nThe default session is now bob on https://api.example.com.\n"
        )
        try await threeSessions()
        let all = await tool.run(["logout", "--all"])
        #expect(all.stdout == "Logged out of 3 sessions.\n")
        #expect(!FileManager.default.fileExists(atPath: tool.defaultStore.path))
        #expect(await tool.run(["logout", "--all"]).stdout == "Not logged in; nothing to do.\n")
    }

    /// A logout with no session still removes what a killed writer left
    /// behind: a temporary file that holds a token.
    @Test func aLogoutWithNothingToEndRemovesADeadWritersFile() async throws {
        let folder = tool.defaultStore.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let leftover = folder.appendingPathComponent(".session.json.tmp-dead")
        try Data("tok_left_behind_0123456789".utf8).write(to: leftover)
        #expect(await tool.run(["logout"]).stdout == "Not logged in; nothing to do.\n")
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    /// One session the file holds but cannot be read (its credential is not
    /// valid) is refused where it is used, and a logout of it removes it
    /// alone; the others stay and work.
    @Test func anUnreadableSessionIsReportedAndItsLogoutKeepsTheOthers() async throws {
        try await threeSessions()
        var text = try String(contentsOf: tool.defaultStore, encoding: .utf8)
        text = text.replacingOccurrences(of: #""token":"tok_alice_0123456789""#, with: #""token":7"#)
        try Data(text.utf8).write(to: tool.defaultStore)
        let token = await tool.run(["token", "--account", "alice"])
        #expect(token.status == 65)
        #expect(token.stderr.contains("wrong type at sessions[0].credential.token"), "\(token.stderr)")
        #expect(await tool.run(["status"]).status == 0, "the default is readable")
        let logout = await tool.run(["logout", "--account", "alice"])
        #expect(
            logout.stdout
                == "Removed the session of alice on https://api.example.com, which could not be read. Logged out.\n"
        )
        #expect(try tool.store.sessions().map(\.key.account) == ["carol", "bob"])
    }

    @Test func statusListsTheOtherSessionsAndJSONListsThemAll() async throws {
        try await threeSessions()
        var expired = Credential(
            token: Sample.token(), account: "dave", server: url("https://old.example.com"),
            expiresAt: Date(timeIntervalSinceNow: -7200))
        expired.scopes = []
        try tool.store.repository(for: expired.key).save(expired)
        let text = await tool.run(["status"])
        #expect(text.stdout.contains("  Account:  carol\n"))
        #expect(text.stdout.contains("Other sessions:\n"))
        #expect(text.stdout.contains("  dave on https://old.example.com: expired 2 hours ago\n"))
        #expect(text.stdout.contains("  bob on https://api.example.com: expires in "))
        let json = await tool.run(["status", "--json", "--show-token"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let sessions = object?["sessions"] as? [[String: Any]] ?? []
        #expect(sessions.count == 4)
        #expect(
            sessions.filter { $0["default"] as? Bool == true }.map { $0["account"] as? String } == ["carol"])
        #expect(sessions.allSatisfy { $0["token"] == nil }, "a listed session carries its token")
        #expect(sessions.first { $0["account"] as? String == "dave" }?["state"] as? String == "expired")
        Secret.expectAbsent(["tok_alice", "tok_bob"], in: json.stdout, "status --json")
    }

    /// `api` with a full URL uses the session on that origin; with a path, the selected one.
    @Test func apiPicksTheSessionByTheURLsOrigin() async throws {
        let network = StubNetwork()
        let tool = Tool(home: self.tool.home, network: network)
        try await threeSessions()
        #expect(await tool.run(["api", "https://staging.example.com/v1/me?x=1"]).status == 0)
        #expect(await tool.run(["api", "https://api.example.com/me", "--account", "bob"]).status == 0)
        #expect(await tool.run(["api", "/me"], environment: [.account: "alice"]).status == 0)
        #expect(
            network.calls == [
                .send(
                    method: "GET", path: "/v1/me?x=1", server: url("https://staging.example.com"),
                    carriesOverride: false),
                .send(
                    method: "GET", path: "/me", server: url("https://api.example.com"), carriesOverride: false
                ),
                .send(
                    method: "GET", path: "/me", server: url("https://api.example.com"), carriesOverride: false
                ),
            ])
        let elsewhere = await tool.run(["api", "https://other.example.com/me"])
        #expect(
            elsewhere.status == 1
                && elsewhere.stderr.hasPrefix("session-cli: no session for https://other.example.com;"))
        let ambiguous = await tool.run(["api", "https://api.example.com/me"])
        #expect(ambiguous.status == 64)
    }

    /// A session file of version 3 that breaks its rules is refused with one
    /// line naming the path, and nothing writes over it.
    @Test func aBrokenVersion3FileIsRefusedByEveryCommand() async throws {
        try FileManager.default.createDirectory(
            at: tool.defaultStore.deletingLastPathComponent(), withIntermediateDirectories: true)
        let broken = Data(ManySessionsTests.duplicateKeys.utf8)
        try broken.write(to: tool.defaultStore)
        for arguments in [["status"], ["token"], ["switch"], ["logout", "--account", "a"]] {
            let result = await tool.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(
                result.stderr.contains(tool.defaultStore.path) && result.stderr.contains("two sessions for"))
            #expect(try file == broken)
        }
    }
}
