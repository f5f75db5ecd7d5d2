import Foundation
import SessionTestSupport
import Testing

/// `session-cli login --secrets keyring` against a Secret Service that
/// misbehaves on purpose: a service of the tests' own on a private session
/// bus, under the name `org.freedesktop.secrets`
/// (`keyring_session.py --hostile`). Each case ends within its bound (a
/// call's 5 s, or at once), with one line that says what the keyring did;
/// nothing is written, and no process is left behind (the peer stops with
/// the test; the command's watchdog kills a hung one and says so).
@Suite(
    .tags(.keyring),
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
            || KeyringTestSession.isRequired,
        "dbus-daemon is not installed; run 'apt-get install dbus' to run the hostile keyring tests"))
struct CLIHostileKeyringTests {
    let home = TemporaryDirectory()

    /// A login whose tokens go to the keyring that misbehaves so: its result.
    func login(against misbehaviour: String) async throws -> CommandResult {
        try await withKeyring(.hostile(misbehaviour)) { keyring in
            var cli = CommandRunner(home: home)
            cli.environment["DBUS_SESSION_BUS_ADDRESS"] = keyring.address
            return try await cli.run(
                ["login", "--with-token", "--server", "https://api.example.com", "--secrets", "keyring"],
                stdin: Data(Sample.secret.utf8))
        }
    }

    @Test(arguments: [
        (
            "silent",
            "session-cli: the keyring did not answer within 5 s; check that gnome-keyring (or your Secret Service) is running, or use --secrets file"
        ),
        (
            "wrong-signature",
            "session-cli: the keyring failed: OpenSession answered without a session; start a Secret Service (gnome-keyring, KWallet or KeePassXC), or use --secrets file"
        ),
        (
            "million-items",
            "session-cli: the keyring failed: the session bus sent a message that is not D-Bus (longer than 1048576 bytes); start a Secret Service (gnome-keyring, KWallet or KeePassXC), or use --secrets file"
        ),
        (
            "oversize",
            "session-cli: the keyring failed: the session bus sent a message that is not D-Bus (longer than 1048576 bytes); start a Secret Service (gnome-keyring, KWallet or KeePassXC), or use --secrets file"
        ),
        (
            "drop",
            "session-cli: the keyring failed: the Secret Service went away during the call; start a Secret Service (gnome-keyring, KWallet or KeePassXC), or use --secrets file"
        ),
        (
            "liar",
            "session-cli: the keyring failed: it said it kept the session's access token, but does not give it back; start a Secret Service (gnome-keyring, KWallet or KeePassXC), or use --secrets file"
        ),
    ])
    func aSecretServiceThatMisbehavesIsSaidInOneLineAndNothingIsWritten(misbehaviour: String, said: String)
        async throws
    {
        let result = try await login(against: misbehaviour)
        #expect(result.status == 69, "\(misbehaviour): \(result.stderr)")
        #expect(result.stderr == said + "\n", "\(misbehaviour)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: CommandRunner(home: home).defaultStore.path))
        Secret.expectAbsent([Sample.secret], in: result.stderr, "what the tool said")
    }

    /// A prompt that never completes: the tool says it waits (up to two
    /// minutes), and Ctrl-C ends it at once with 130, nothing written.
    @Test func aPromptThatNeverCompletesEndsAtCtrlC() async throws {
        try await withKeyring(.hostile("endless-prompt")) { keyring in
            var cli = CommandRunner(home: home)
            cli.environment["DBUS_SESSION_BUS_ADDRESS"] = keyring.address
            let running = try cli.start(
                ["login", "--with-token", "--server", "https://api.example.com", "--secrets", "keyring"],
                stdin: Data(Sample.secret.utf8))
            let waiting = await running.waitForStderrLine(
                startingWith: "session-cli: waiting up to 2 minutes")
            #expect(waiting != nil, "the tool did not say it waits for the prompt")
            running.process.send(SIGINT)
            let result = await running.finish()
            #expect(result.status == 130)
            #expect(
                result.stderr.hasSuffix(
                    "session-cli: cancelled while waiting for the keyring to be unlocked; nothing was changed\n"
                ))
            #expect(!FileManager.default.fileExists(atPath: cli.defaultStore.path))
        }
    }
}
