import Foundation
import SessionTestSupport
import Testing

/// `session-cli status --watch`, as a script reads it: one JSON object a
/// line, each as soon as another process changes the session, and exit 0 on
/// SIGTERM or Ctrl-C.
@Suite(.timeLimit(.minutes(3))) struct CLIStatusWatchTests {
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
}
