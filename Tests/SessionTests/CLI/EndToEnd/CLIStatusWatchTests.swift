import Foundation
import SessionTestSupport
import Testing

/// `session-cli status --watch`, as a script reads it: one JSON object a
/// line, each as soon as another process changes the session, and exit 0 on
/// SIGTERM or Ctrl-C.
@Suite(.hangGuard) struct CLIStatusWatchTests {
    let cli = CommandRunner()

    /// Starts `status --watch` with its standard output read as it arrives.
    func watch(_ arguments: [String] = []) throws -> (process: ChildProcess, lines: StreamCollector) {
        let process = try ChildProcess(
            [cli.executable.path, "status", "--watch"] + arguments, environment: cli.environment,
            stdout: .pipe,
            stderr: .null)
        guard let output = process.output else { throw ChildProcessError(description: "no stdout pipe") }
        return (process, StreamCollector(output))
    }

    func object(_ line: String?) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(try #require(line).utf8)) as? [String: Any] ?? [:]
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func jsonLinesFollowAnotherProcessAndASignalEndsItWithZero(signal: Int32) async throws {
        let (process, lines) = try watch(["--json"])
        defer { process.send(SIGKILL) }  // a failed expectation leaves none running
        #expect(try object(await lines.line(at: 0))["state"] as? String == "logged_out")
        let login = try await cli.run(
            ["login", "--with-token", "--user", "alice", "--expires-in", "3600"],
            stdin: "tok_alice_0123456789".data)
        #expect(login.status == 0)
        let loggedIn = try object(await lines.line(at: 1))
        #expect(loggedIn["state"] as? String == "logged_in" && loggedIn["account"] as? String == "alice")
        #expect((loggedIn["button"] as? [String: Any])?["action"] as? String == "logout")
        Secret.expectAbsent(["tok_alice_0123456789"], in: lines.text, "the watch's output")
        #expect(try await cli.run(["logout"]).status == 0)
        #expect(try object(await lines.line(at: 2))["state"] as? String == "logged_out")
        process.send(signal)
        #expect(await process.exitStatus() == 0)
    }

    /// The text form: each status as `status` prints it, a blank line between two.
    @Test func textBlocksFollowTheSession() async throws {
        let (process, lines) = try watch()
        defer { process.send(SIGKILL) }  // a failed expectation leaves none running
        #expect(await lines.line(at: 0) == "Not logged in")
        let login = try await cli.run(
            ["login", "--with-token", "--user", "bob"], stdin: "tok_bob_0123456789".data)
        #expect(login.status == 0)
        // The block is written at once: its account line means all of it is there.
        #expect(await lines.line(startingWith: "  Account:") == "  bob")
        #expect(lines.text.contains("\n\nLogged in\n  Account:  bob\n"), "a blank line between two statuses")
        process.send(SIGTERM)
        #expect(await process.exitStatus() == 0)
    }

    /// Logs in `account` on `server` with a token that never expires, so
    /// nothing in what status prints changes with the clock.
    func login(_ account: String, _ server: String) async throws {
        let login = try await cli.run(
            ["login", "--with-token", "--account", account, "--server", server],
            stdin: "tok_\(account)_0123456789".data)
        #expect(login.status == 0, "\(login.stderr)")
    }

    /// What `status` prints now, with `arguments`.
    func status(_ arguments: [String] = []) async throws -> String {
        try await cli.run(["status"] + arguments).stdout
    }

    /// Started while a session exists, the watch follows whatever is the
    /// default at each moment: a login that makes another session the
    /// default, a switch, a logout. Each line is what `status --json` prints
    /// at that moment, the list of sessions included.
    @Test func theJSONWatchFollowsTheDefaultAndEachLineIsWhatStatusPrints() async throws {
        try await login("alice", "https://a.example.com")
        let (process, lines) = try watch(["--json"])
        defer { process.send(SIGKILL) }  // a failed expectation leaves none running
        #expect(await lines.line(at: 0).map { $0 + "\n" } == (try await status(["--json"])))

        try await login("bob", "https://b.example.com")
        let second = try #require(await lines.line(at: 1), "\(lines.text)")
        #expect(second + "\n" == (try await status(["--json"])))
        #expect(try object(second)["account"] as? String == "bob")
        #expect((try object(second)["sessions"] as? [Any])?.count == 2)

        #expect(try await cli.run(["switch"]).status == 0)
        let third = try #require(await lines.line(at: 2), "\(lines.text)")
        #expect(third + "\n" == (try await status(["--json"])))
        #expect(try object(third)["account"] as? String == "alice")

        #expect(try await cli.run(["logout"]).status == 0)
        let fourth = try #require(await lines.line(at: 3), "\(lines.text)")
        #expect(fourth + "\n" == (try await status(["--json"])))
        #expect(try object(fourth)["account"] as? String == "bob", "the new default, not 'Not logged in'")
        #expect((try object(fourth)["sessions"] as? [Any])?.count == 1, "the logged-out session is gone")
        process.send(SIGTERM)
        #expect(await process.exitStatus() == 0)
    }

    /// The text form follows the default too, each block as `status` prints it.
    @Test func theTextWatchFollowsTheDefault() async throws {
        try await login("alice", "https://a.example.com")
        let (process, lines) = try watch()
        defer { process.send(SIGKILL) }  // a failed expectation leaves none running
        let first = try await status()
        #expect(await lines.until { $0 == first })
        try await login("bob", "https://b.example.com")
        let second = try await status()
        #expect(second.hasPrefix("Logged in\n  Account:  bob\n"))
        #expect(await lines.until { $0 == first + "\n" + second }, "\(lines.text)")
        #expect(try await cli.run(["logout"]).status == 0)
        let third = try await status()
        #expect(third.contains("  Account:  alice\n") && !third.contains("Other sessions"))
        #expect(await lines.until { $0 == first + "\n" + second + "\n" + third }, "\(lines.text)")
        process.send(SIGINT)
        #expect(await process.exitStatus() == 0)
    }

    /// With a selection the watch follows that session only, and says when
    /// it is gone and when it is back.
    @Test func aSelectedWatchFollowsItsSessionAndSaysWhenItIsGone() async throws {
        try await login("alice", "https://a.example.com")
        let (process, lines) = try watch(["--json", "--account", "alice"])
        defer { process.send(SIGKILL) }  // a failed expectation leaves none running
        #expect(try object(await lines.line(at: 0))["account"] as? String == "alice")
        // Another session comes and becomes the default: not this watch's business.
        try await login("carol", "https://c.example.com")
        #expect(try await cli.run(["logout", "--account", "alice"]).status == 0)
        let gone = try object(await lines.line(at: 1))
        #expect(gone["state"] as? String == "logged_out", "carol's login printed a line")
        try await login("alice", "https://a.example.com")
        let back = try object(await lines.line(at: 2))
        #expect(back["state"] as? String == "logged_in" && back["account"] as? String == "alice")
        process.send(SIGTERM)
        #expect(await process.exitStatus() == 0)

        // In words: the session it follows, and that it is not in the store.
        #expect(try await cli.run(["logout", "--account", "alice"]).status == 0)
        let (words, text) = try watch(["--account", "alice"])
        defer { words.send(SIGKILL) }  // a failed expectation leaves none running
        #expect(
            await text.until {
                $0.contains("Not logged in\n  Session:  alice (not in the store)\n")
            }, "\(text.text)")
        words.send(SIGTERM)
        #expect(await words.exitStatus() == 0)
    }
}
