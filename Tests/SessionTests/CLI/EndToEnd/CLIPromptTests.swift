import Foundation
import SessionCLIKit
import SessionCore
import SessionTestSupport
import Testing

/// `login` without `--with-token` on a real pseudo-terminal: it asks, with echo off.
@Suite struct CLIPromptTests {
    /// `login --account tty-user` on a pseudo-terminal: `token` typed at
    /// its prompt, or `signal` sent there instead.
    func drive(home: TemporaryDirectory, token: String, signal: String? = nil) async throws -> [String: Any] {
        try await prompt(
            home: home, ["login", "--account", "tty-user"], marker: "(input is hidden): ",
            action: signal.map { "signal:" + $0 } ?? "type:" + token)
    }

    func store(_ home: TemporaryDirectory) -> FileLoginStateStore {
        FileLoginStateStore(fileURL: home.file(".local/state/session-cli/session.json"))
    }

    @Test func loginAsksOnATerminalWithEchoOff() async throws {
        let home = TemporaryDirectory()
        let token = "typed_at_the_prompt_0123456789"
        let report = try await drive(home: home, token: token)
        #expect(report["status"] as? Int == 0)
        #expect(report["prompted"] as? Bool == true)
        #expect(report["echoed"] as? Bool == false, "the token was echoed to the terminal")
        #expect(report["echoDuringPrompt"] as? Bool == false)
        #expect(report["echoAfter"] as? Bool == true)
        Secret.expectEqual(try store(home).load().credential?.token.value, token, "the saved token")
        #expect(try store(home).load().credential?.account == "tty-user")
    }

    /// Longer than the terminal's canonical line (4095 bytes on Linux): it
    /// arrives whole, not cut.
    @Test func aLongTokenTypedAtThePromptArrivesWhole() async throws {
        let home = TemporaryDirectory()
        let token = String((0..<6000).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! })
        let report = try await drive(home: home, token: token)
        #expect(report["status"] as? Int == 0)
        #expect(report["echoed"] as? Bool == false)
        Secret.expectEqual(try store(home).load().credential?.token.value, token, "the saved 6000-byte token")
    }

    @Test(arguments: ["TERM", "INT", "HUP"])
    func aSignalDuringThePromptPutsTheTerminalBack(signal: String) async throws {
        let home = TemporaryDirectory()
        let report = try await drive(home: home, token: "never_typed_0123456789", signal: signal)
        #expect(report["prompted"] as? Bool == true)
        #expect(report["echoDuringPrompt"] as? Bool == false)
        // The status is the signal's ExitCode: 128 + its number.
        let expected: [String: ExitCode] = ["HUP": .hangup, "INT": .interrupted, "TERM": .terminated]
        #expect(report["status"] as? Int == expected[signal].map { Int($0.rawValue) })
        #expect(report["status"] as? String != "hung")
        #expect(report["echoAfter"] as? Bool == true, "echo stayed off after SIG\(signal)")
        #expect(try store(home).load() == .loggedOut)
    }

    /// Runs `arguments` on a pseudo-terminal with `Scripts/pty_prompt.py`,
    /// answering the prompt that shows `marker` with `action` (`type:TEXT`
    /// or `signal:NAME`).
    func prompt(home: TemporaryDirectory, _ arguments: [String], marker: String, action: String) async throws
        -> [String: Any]
    {
        let script = TestScripts.url("pty_prompt.py")
        let data = try await offThePool {
            let process = try ChildProcess(
                [
                    "/usr/bin/env", "python3", script.path, home.path, marker, action, "--",
                    Executables.sessionCLI.path,
                ] + arguments, stdout: .pipe)
            let data = try process.readStandardOutput()
            process.waitForExit()
            return data
        }
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// `login --with-token` on a terminal reads what is pasted with echo
    /// off, as the bare prompt does: a pasted token never shows.
    @Test func aTokenPastedToWithTokenOnATerminalIsNotEchoed() async throws {
        let home = TemporaryDirectory()
        let token = "pasted_with_token_0123456789"
        let report = try await prompt(
            home: home, ["login", "--with-token", "--account", "tty-user"], marker: "(input is hidden): ",
            action: "type:" + token)
        #expect(report["status"] as? Int == 0, "\(report["output"] ?? "")")
        #expect(report["echoed"] as? Bool == false, "the pasted token was echoed to the terminal")
        #expect(report["echoDuringPrompt"] as? Bool == false)
        #expect(report["echoAfter"] as? Bool == true)
        Secret.expectEqual(try store(home).load().credential?.token.value, token, "the saved token")
    }

    /// Ctrl-C at a prompt ends the line before the tool ends, so the
    /// shell's prompt starts on a line of its own; the terminal is as it was
    /// and nothing is changed.
    @Test(arguments: [["login"], ["login", "--with-token"]])
    func ctrlCAtTheTokenPromptEndsTheLine(arguments: [String]) async throws {
        let home = TemporaryDirectory()
        let report = try await prompt(
            home: home, arguments, marker: "(input is hidden): ", action: "signal:INT")
        #expect(report["status"] as? Int == 130)
        #expect(report["endsWithLineEnd"] as? Bool == true, "\(report["output"] ?? "")")
        #expect(report["echoAfter"] as? Bool == true)
        #expect(try store(home).load() == .loggedOut)
    }

    /// `switch` on a terminal asks which session; Ctrl-C there changes
    /// nothing and ends the line, and a number switches.
    @Test func switchOnATerminalAsksAndCtrlCChangesNothing() async throws {
        let home = TemporaryDirectory()
        let cli = CommandRunner(home: home)
        for account in ["alice", "bob", "carol"] {
            let login = try await cli.run(
                ["login", "--with-token", "--account", account], stdin: "tok_\(account)_0123456789".data)
            #expect(login.status == 0)
        }
        let marker = "[1-3, Enter for none]: "
        let interrupted = try await prompt(home: home, ["switch"], marker: marker, action: "signal:INT")
        #expect(interrupted["status"] as? Int == 130)
        #expect(interrupted["endsWithLineEnd"] as? Bool == true, "\(interrupted["output"] ?? "")")
        #expect((interrupted["output"] as? String)?.contains("1. carol (no server) (default)") == true)
        #expect(try store(home).sessions().first?.key.account == "carol", "Ctrl-C changed the default")
        let chosen = try await prompt(home: home, ["switch"], marker: marker, action: "type:3")
        #expect(chosen["status"] as? Int == 0, "\(chosen["output"] ?? "")")
        #expect(try store(home).sessions().first?.key.account == "alice")
    }
}
