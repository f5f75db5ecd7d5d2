package import Foundation

/// A Secret Service of the test's own: `Scripts/keyring/keyring_session.py`
/// starts a private D-Bus session bus and Debian's gnome-keyring on it, with
/// a temporary `HOME` and an unlocked login keyring, and stops both when the
/// test is done (or when its standard input closes, if the test crashes).
package final class KeyringTestSession: StoppablePeer {
    /// What is on the bus.
    package enum Mode: Sendable, Equatable {
        /// gnome-keyring with its default collection unlocked.
        case unlocked
        /// gnome-keyring with its default collection locked and nothing to
        /// prompt with: an unlock is dismissed at once.
        case locked
        /// The bus alone: nothing provides `org.freedesktop.secrets`.
        case noSecretService
        /// A Secret Service of the test's own, in memory, that misbehaves in
        /// one way (`keyring_session.py --hostile`): `silent`,
        /// `wrong-signature`, `million-items`, `oversize`, `drop`,
        /// `endless-prompt` or `liar`.
        case hostile(String)
    }

    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    package let address: String
    /// gnome-keyring-daemon's process ID (dbus-daemon's with no Secret
    /// Service, the script's own with a hostile one).
    package let daemon: pid_t
    private let process: ChildProcess

    /// Whether dbus-daemon and gnome-keyring-daemon are installed, so the
    /// keyring tests can run.
    package static var isInstalled: Bool {
        ["/usr/bin/dbus-daemon", "/usr/bin/gnome-keyring-daemon", "/usr/bin/secret-tool"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Whether the keyring tests must run (CI sets `SESSION_TESTS_REQUIRE_KEYRING=1`):
    /// then a missing keyring fails them instead of skipping them.
    package static var isRequired: Bool {
        ProcessInfo.processInfo.environment["SESSION_TESTS_REQUIRE_KEYRING"] == "1"
    }

    /// Why the keyring tests do not run here, and how to make them.
    package static let skipReason =
        "gnome-keyring is not installed; run 'apt-get install gnome-keyring dbus libsecret-tools' to run the keyring tests"

    /// Starts a bus and a keyring in `mode`.
    package static func start(_ mode: Mode = .unlocked) async throws -> KeyringTestSession {
        var arguments: [String] = []
        switch mode {
        case .unlocked: break
        case .locked: arguments.append("--locked")
        case .noSecretService: arguments.append("--no-secret-service")
        case .hostile(let misbehaviour): arguments += ["--hostile", misbehaviour]
        }
        let started = try await PythonServer.start(
            TestScripts.url("keyring/keyring_session.py"), arguments: arguments)
        guard let words = started.words, words.count == 2, let pid = pid_t(words[1]) else {
            throw LoopbackServer.StartFailed()
        }
        return KeyringTestSession(process: started.process, address: String(words[0]), daemon: pid)
    }

    private init(process: ChildProcess, address: String, daemon: pid_t) {
        self.process = process
        self.address = address
        self.daemon = daemon
    }

    /// Runs `secret-tool` against this keyring and returns what it printed
    /// on standard output (its secrets included: a test passes the output to
    /// `Secret` expectations, never to a message).
    package func secretTool(_ arguments: [String]) async throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        let tool = try ChildProcess(
            ["/usr/bin/secret-tool"] + arguments, environment: environment, stdin: .null, stdout: .pipe,
            stderr: .null)
        let output = try await offThePool { try tool.readStandardOutput() }
        _ = await tool.exitStatus()
        return String(decoding: output, as: UTF8.self)
    }

    /// The items `secret-tool search --all` finds with `attributes` (every
    /// one of them must match): per item, its `label` and its `secret`.
    /// (secret-tool prints the attributes on standard error, apart from their
    /// items: search with more attributes to check them.)
    package func items(matching attributes: [String: String]) async throws -> [(
        label: String, secret: String
    )] {
        let output = try await secretTool(
            ["search", "--all", "--unlock"]
                + attributes.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] })
        var items: [(label: String, secret: String)] = []
        for line in output.split(separator: "\n") {
            if line.hasPrefix("[/") {
                items.append(("", ""))
            } else if line.hasPrefix("label = "), !items.isEmpty {
                items[items.count - 1].label = String(line.dropFirst("label = ".count))
            } else if line.hasPrefix("secret = "), !items.isEmpty {
                items[items.count - 1].secret = String(line.dropFirst("secret = ".count))
            }
        }
        return items
    }

    /// Kills the keyring daemon (the bus stays up).
    package func killDaemon() {
        kill(daemon, SIGKILL)
    }

    /// Stops the keyring and the bus, and removes their folder.
    package func stop() async {
        process.closeInput()
        await process.exitStatus()
    }

    deinit { process.send(SIGTERM) }
}

/// Runs `body` with a keyring in `mode`, and stops it whatever `body` does.
package func withKeyring<Result>(
    _ mode: KeyringTestSession.Mode = .unlocked, _ body: (KeyringTestSession) async throws -> Result
) async throws -> Result {
    try await withPeer(try await KeyringTestSession.start(mode), body)
}
