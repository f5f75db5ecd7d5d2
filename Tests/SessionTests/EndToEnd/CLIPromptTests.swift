import Foundation
import SessionCore
import Testing

/// `login` without `--with-token` on a real pseudo-terminal: it asks, with echo off.
@Suite struct CLIPromptTests {
    @Test func loginAsksOnATerminalWithEchoOff() throws {
        let home = TemporaryDirectory()
        let token = "typed_at_the_prompt_0123456789"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/pty_login.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, Executables.sessionCLI.path, home.path, token]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let report = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(report?["status"] as? Int == 0)
        #expect(report?["prompted"] as? Bool == true)
        #expect(report?["echoed"] as? Bool == false, "the token was echoed to the terminal")
        let store = FileLoginStateStore(fileURL: home.file(".local/state/session-cli/session.json"))
        Secret.expectEqual(try store.load().credential?.token.value, token, "the saved token")
        #expect(try store.load().credential?.account == "tty-user")
    }
}
