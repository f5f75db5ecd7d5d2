import Foundation
import SessionTestSupport
import Testing

/// `session-cli login --secrets keyring` when the keyring is locked and the
/// desktop asks for its password: GNOME's own unlock window (`gcr-prompter`,
/// called by gnome-keyring over the private bus) on an X server of the
/// test's own, answered, dismissed, or left standing while the user presses
/// Ctrl-C, with the keyboard (`xdotool`), as a person would.
@Suite(
    .tags(.keyring),
    .enabled(
        if: KeyringTestSession.canPrompt || KeyringTestSession.isRequired,
        "Xvfb, xdotool or gcr-prompter is not installed; run 'apt-get install xvfb xdotool gcr gnome-keyring dbus libsecret-tools' to run the unlock window tests"
    ))
struct CLIKeyringPromptTests {
    let home = TemporaryDirectory()
    /// The password `keyring_session.py` gives the login keyring.
    let keyringPassword = "session-test-password"
    let login = ["login", "--with-token", "--server", "https://api.example.com", "--secrets", "keyring"]

    func cli(_ keyring: KeyringTestSession) -> CommandRunner {
        var cli = CommandRunner(home: home)
        cli.environment["DBUS_SESSION_BUS_ADDRESS"] = keyring.address
        cli.environment["DISPLAY"] = keyring.display
        return cli
    }

    /// The values of the tool's items in the keyring.
    func itemSecrets(_ keyring: KeyringTestSession) async throws -> Set<String> {
        Set(try await keyring.items(matching: ["application": "session-cli"]).map(\.secret))
    }

    /// The window answered with the right password: the login goes on, its
    /// token is in the keyring, and `token` reads it back with no second
    /// window.
    @Test func theUnlockWindowAnsweredKeepsTheLogin() async throws {
        try await withKeyring(.prompting) { keyring in
            let running = try cli(keyring).start(login, stdin: Data(Sample.secret.utf8))
            let waiting = await running.waitForStderrLine(
                startingWith: "session-cli: waiting up to 2 minutes")
            #expect(waiting != nil, "the tool did not say it waits for the keyring")
            try await keyring.promptWindow.answer(keyringPassword)
            let result = await running.finish()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("Logged in on https://api.example.com"))
            #expect(try await itemSecrets(keyring) == [Sample.secret])
            let file = try String(contentsOf: cli(keyring).defaultStore, encoding: .utf8)
            Secret.expectAbsent([Sample.secret], in: file, "the session file")

            let token = try await cli(keyring).run(["token"])
            #expect(token.status == 0, "\(token.stderr)")
            #expect(token.stdout == Sample.secret + "\n")
        }
    }

    /// Escape on the window: one line that says the prompt was dismissed,
    /// 69, and no session file.
    @Test func theUnlockWindowDismissedIsSaidAndNothingIsWritten() async throws {
        try await withKeyring(.prompting) { keyring in
            let running = try cli(keyring).start(login, stdin: Data(Sample.secret.utf8))
            try await keyring.promptWindow.dismiss()
            let result = await running.finish()
            #expect(result.status == 69)
            #expect(
                result.stderr.hasSuffix(
                    "session-cli: the keyring is locked, and its unlock prompt was dismissed or not answered in time; unlock it (log in to the desktop, or seahorse), or use --secrets file\n"
                ), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: cli(keyring).defaultStore.path))
            #expect(try await itemSecrets(keyring).isEmpty)
        }
    }

    /// Ctrl-C while the window stands: 130 at once, nothing written, and
    /// the window left open, said so: gnome-keyring aborts when a prompt it
    /// is showing is dismissed, so the tool does not dismiss it. The daemon
    /// lives on, and the next login waits behind that window: answering it
    /// unlocks the keyring for both, and the login is kept.
    @Test func ctrlCAtTheUnlockWindowLeavesItOpenAndTheKeyringRunning() async throws {
        try await withKeyring(.prompting) { keyring in
            let first = try cli(keyring).start(login, stdin: Data(Sample.secret.utf8))
            let window = try await keyring.promptWindow.appears()
            first.process.send(SIGINT)
            let cancelled = await first.finish()
            #expect(cancelled.status == 130)
            #expect(
                cancelled.stderr.hasSuffix(
                    "session-cli: cancelled while waiting for the keyring to be unlocked; nothing was changed (its unlock window stays open: answer it or close it)\n"
                ), "\(cancelled.stderr)")
            #expect(!FileManager.default.fileExists(atPath: cli(keyring).defaultStore.path))

            let second = try cli(keyring).start(login, stdin: Data(Sample.secret.utf8))
            let waiting = await second.waitForStderrLine(startingWith: "session-cli: waiting up to 2 minutes")
            #expect(waiting != nil, "the second login did not say it waits for the keyring")
            #expect(kill(keyring.daemon, 0) == 0, "gnome-keyring-daemon is gone")
            #expect(
                try await keyring.promptWindow.appears() == window, "the first window is not the one open")
            try await keyring.promptWindow.answer(keyringPassword)
            let result = await second.finish()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try await itemSecrets(keyring) == [Sample.secret])
        }
    }
}
