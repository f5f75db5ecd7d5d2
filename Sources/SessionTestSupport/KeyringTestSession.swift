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
        /// gnome-keyring with its default collection locked, and GNOME's
        /// real unlock window to answer: `gcr-prompter`, started by the bus
        /// as a desktop's is, on an X server of the test's own (Xvfb),
        /// driven with ``PromptWindow``.
        case prompting
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
    /// The X display the unlock window shows on (``Mode/prompting`` only).
    package let display: String?
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
        case .prompting: arguments += ["--locked", "--prompter"]
        case .noSecretService: arguments.append("--no-secret-service")
        case .hostile(let misbehaviour): arguments += ["--hostile", misbehaviour]
        }
        let started = try await PythonServer.start(
            TestScripts.url("keyring/keyring_session.py"), arguments: arguments)
        let fields = mode == .prompting ? 3 : 2
        guard let words = started.words, words.count == fields, let pid = pid_t(words[1]) else {
            throw LoopbackServer.StartFailed()
        }
        return KeyringTestSession(
            process: started.process, address: String(words[0]), daemon: pid,
            display: fields == 3 ? String(words[2]) : nil)
    }

    private init(process: ChildProcess, address: String, daemon: pid_t, display: String?) {
        self.process = process
        self.address = address
        self.daemon = daemon
        self.display = display
    }

    /// Whether Xvfb, xdotool and gcr-prompter are installed, so the tests
    /// of the real unlock window can run.
    package static var canPrompt: Bool {
        isInstalled
            && ["/usr/bin/Xvfb", "/usr/bin/xdotool"].allSatisfy {
                FileManager.default.isExecutableFile(atPath: $0)
            }
            && ["/usr/libexec/gcr-prompter", "/usr/lib/gcr/gcr-prompter"].contains {
                FileManager.default.isExecutableFile(atPath: $0)
            }
    }

    /// The unlock window on this keyring's display (``Mode/prompting``).
    package var promptWindow: PromptWindow {
        get throws {
            guard let display else { throw ChildProcessError(description: "this keyring has no prompter") }
            return PromptWindow(display: display)
        }
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

/// GNOME's unlock window (gcr-prompter's "Unlock Login Keyring") on an X
/// display of the test's own, driven as a person would: with the keyboard,
/// through `xdotool`. Each step is bounded: xdotool is killed after two
/// minutes, the tool's own wait for the keyring (a loaded machine takes
/// seconds to show the window; no person answers after that).
package struct PromptWindow: Sendable {
    /// The X display, for `DISPLAY`.
    package let display: String

    /// The window's X id once it shows (at most two minutes).
    package func appears() async throws -> String {
        let found = try await xdotool(["search", "--sync", "--name", "^Unlock Login Keyring$"])
        guard let window = found.split(separator: "\n").first else {
            throw ChildProcessError(description: "no unlock window appeared on \(display)")
        }
        return String(window)
    }

    /// Waits for the window, focuses it, types `password` (given to xdotool
    /// on its standard input, never its arguments) and presses Return.
    package func answer(_ password: String) async throws {
        let window = try await appears()
        _ = try await xdotool(["windowfocus", "--sync", window])
        _ = try await xdotool(["type", "--delay", "10", "--file", "-"], input: Data(password.utf8))
        _ = try await xdotool(["key", "Return"])
    }

    /// Waits for the window, focuses it and presses Escape.
    package func dismiss() async throws {
        let window = try await appears()
        _ = try await xdotool(["windowfocus", "--sync", window])
        _ = try await xdotool(["key", "Escape"])
    }

    /// Runs xdotool on the display: what it printed, or an error if it
    /// failed or had not finished within two minutes (then it is killed).
    func xdotool(_ arguments: [String], input: Data? = nil) async throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        let tool = try ChildProcess(
            ["/usr/bin/xdotool"] + arguments, environment: environment, stdin: input == nil ? .null : .pipe,
            stdout: .pipe, stderr: .null)
        if let input {
            // A few bytes: the pipe holds them without blocking.
            try tool.input?.write(input)
            tool.closeInput()
        }
        guard let status = await tool.exitStatus(within: .seconds(120)) else {
            tool.send(SIGKILL)
            await tool.exitStatus()
            throw ChildProcessError(
                description: "xdotool \(arguments.first ?? "") did not finish within two minutes")
        }
        let output = try await offThePool { try tool.readStandardOutput() }
        guard status == 0 else {
            throw ChildProcessError(
                description: "xdotool \(arguments.first ?? "") exited with status \(status)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
