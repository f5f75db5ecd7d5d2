import Foundation
import SessionCore
import SessionTestSupport
import Testing

/// `login` without `--with-token` on a real pseudo-terminal: it asks, with echo off.
@Suite struct CLIPromptTests {
    /// Runs `Scripts/pty_login.py` and returns its report. The script's
    /// seconds are waited for on a thread of their own, never one of the
    /// concurrency pool's two that every other test needs.
    func drive(home: TemporaryDirectory, token: String, signal: String? = nil) async throws -> [String: Any] {
        let script = TestScripts.url("pty_login.py")
        let data = try await offThePool {
            let process = try ChildProcess(
                ["/usr/bin/env", "python3", script.path, Executables.sessionCLI.path, home.path, token]
                    + (signal.map { ["--signal", $0] } ?? []), stdout: .pipe)
            let data = try process.readStandardOutput()
            process.waitForExit()
            return data
        }
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
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
        #expect(report["status"] as? Int != 0)
        #expect(report["status"] as? String != "hung")
        #expect(report["echoAfter"] as? Bool == true, "echo stayed off after SIG\(signal)")
        #expect(try store(home).load() == .loggedOut)
    }
}
