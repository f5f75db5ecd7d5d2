package import Foundation

/// A real browser for the sign-in tests: Debian's headless Chromium, driven
/// through chromedriver by `Scripts/browser/browser.py`
/// (selenium, installed into `.build/browser-python` the first time, the way
/// the provider's packages are).
package enum BrowserDriver {
    /// What the browser showed at the end of a sign-in.
    package struct Page: Sendable, Decodable {
        /// Where the browser ended up: the app's callback.
        package let url: String
        /// The page's `<title>`.
        package let title: String
        /// The `<html lang>` attribute.
        package let lang: String
        /// The page's visible text.
        package let text: String
        /// Whether the provider's consent page was answered (`authorized`,
        /// `cancelled`, or `not shown`).
        package let consent: String
    }

    static let scripts = TestScripts.url("browser")
    static let packages = TestScripts.packages("browser-python")

    /// Whether Chromium and chromedriver are installed (Debian's `chromium`
    /// and `chromium-driver`), so the browser tests can run.
    package static var isInstalled: Bool {
        ["/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Whether the browser tests must run (CI sets `SESSION_TESTS_REQUIRE_BROWSER=1`):
    /// then a missing browser fails them instead of skipping them.
    package static var isRequired: Bool {
        ProcessInfo.processInfo.environment["SESSION_TESTS_REQUIRE_BROWSER"] == "1"
    }

    /// Why the browser tests do not run here, and how to make them.
    package static let skipReason =
        "Chromium is not installed; run 'apt-get install chromium chromium-driver' to run the real-browser tests"

    /// Opens `url`, signs in as alice at the provider's pages, presses
    /// Authorize (or Cancel), and returns the page the app answered with.
    package static func signIn(at url: URL, cancel: Bool = false, screenshot: URL? = nil) async throws -> Page
    {
        try await offThePool { try install() }
        var arguments = [
            scripts.appendingPathComponent("browser.py").path, "sign-in", "--url", url.absoluteString,
        ]
        if cancel { arguments.append("--cancel") }
        if let screenshot { arguments += ["--screenshot", screenshot.path] }
        let output = try await OAuthTestProvider.python(arguments, environment: ["PYTHONPATH": packages.path])
        return try JSONDecoder().decode(Page.self, from: Data(output.utf8))
    }

    /// One browser with one profile for many steps (`browser.py session`),
    /// so the provider's sign-in cookie carries from one step to the next
    /// as in a person's browser. Stop it (or close its input) when done.
    package final class Session: Sendable {
        /// What one step saw.
        package struct Step: Sendable, Decodable {
            package let ok: Bool
            package let error: String?
            /// A sign-in: whether the provider asked for the password.
            package let askedPassword: Bool?
            /// A logout: whether the provider's confirmation page was answered.
            package let confirmed: Bool?
            package let url: String?
            package let text: String?

            private enum CodingKeys: String, CodingKey {
                case ok, error, confirmed, url, text
                case askedPassword = "asked_password"
            }
        }

        private let process: ChildProcess

        /// Starts the browser.
        package init() async throws {
            try await offThePool { try BrowserDriver.install() }
            process = try ChildProcess(
                [
                    "/usr/bin/env", "python3",
                    BrowserDriver.scripts.appendingPathComponent("browser.py").path,
                    "session",
                ],
                environment: ProcessInfo.processInfo.environment.merging(["PYTHONPATH": packages.path]) {
                    $1
                },
                stdin: .pipe, stdout: .pipe)
        }

        /// Signs in at `url` (as alice, if the provider asks), and the app's page.
        package func signIn(at url: URL) async throws -> Step {
            try await run(["op": "sign-in", "url": url.absoluteString])
        }

        /// Opens a logout URL (the provider's, or the app's that sends the
        /// browser on to `provider`), confirms it, and the app's page.
        package func logout(at url: URL, provider: URL? = nil) async throws -> Step {
            var command = ["op": "logout", "url": url.absoluteString]
            if let provider, let scheme = provider.scheme, let host = provider.host {
                command["provider"] = "\(scheme)://\(host)" + (provider.port.map { ":\($0)" } ?? "")
            }
            return try await run(command)
        }

        private func run(_ command: [String: String]) async throws -> Step {
            let line = try JSONSerialization.data(withJSONObject: command) + Data("\n".utf8)
            let process = process
            let answer = try await offThePool { () -> String? in
                try process.input?.write(line)
                return try process.output?.readLine()
            }
            guard let answer else {
                throw OAuthTestProvider.Unavailable(description: "the browser session ended (see its stderr)")
            }
            return try JSONDecoder().decode(Step.self, from: Data(answer.utf8))
        }

        /// Quits the browser and removes its profile.
        package func stop() async {
            process.closeInput()
            await process.exitStatus()
        }

        deinit { process.send(SIGTERM) }
    }

    private static let installed = Once()

    fileprivate static func install() throws {
        try installed.run {
            try installPackages(scripts.appendingPathComponent("install.sh"), into: packages)
        }
    }
}

/// Runs an `install.sh` of the tests' Python packages into `folder`: it
/// installs them the first time (saying so in one line on the test run's
/// standard error) and does nothing afterwards.
func installPackages(_ script: URL, into folder: URL) throws {
    let process = try ChildProcess(
        ["/bin/bash", script.path, folder.path], stdout: .inherit(STDERR_FILENO))
    guard process.waitForExit() == 0 else {
        throw OAuthTestProvider.Unavailable(description: "\(script.path) failed (see above)")
    }
}

/// Work done once per process; callers at the same time wait for the first.
final class Once: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var done = false

    func run(_ work: () throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        try work()
        done = true
    }
}
