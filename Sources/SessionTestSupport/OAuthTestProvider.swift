package import Foundation
import SessionSupport
import SessionSystem

/// The real OAuth provider of the tests: django-oauth-toolkit, started from
/// `Scripts/oauth_provider/provider.py` on 127.0.0.1.
///
/// The first use in a process installs its pinned Python packages into
/// `.build/oauth-python` (inside the build folder; `install.sh` says so once
/// and does nothing afterwards). Whoever starts a provider stops it; it also
/// exits by itself when its standard input closes.
package final class OAuthTestProvider: StoppablePeer {
    /// The running server.
    private let server: PinnedPythonServer

    /// The provider's port on 127.0.0.1.
    package var port: Int { server.port }

    /// `http://127.0.0.1:<port>`: the issuer, exactly.
    package var issuer: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// Why the provider could not be had.
    package struct Unavailable: Error, CustomStringConvertible {
        package let description: String

        /// An error that says why.
        package init(description: String) {
            self.description = description
        }
    }

    static let scripts = TestScripts.url("oauth_provider")

    /// Starts a provider and returns once it listens. The first start in a
    /// process installs the packages, on a thread of its own.
    ///
    /// - Parameter environment: `PROVIDER_*` settings (see provider.py).
    package static func start(environment: [String: String] = [:]) async throws -> OAuthTestProvider {
        OAuthTestProvider(
            server: try await PinnedPythonServer.start(
                .oauthProvider, environment: ["PROVIDER_SKIP_MIGRATIONS": "1"].merging(environment) { $1 }))
    }

    private init(server: PinnedPythonServer) {
        self.server = server
    }

    /// Stops the provider and waits for it to exit.
    package func stop() async {
        await server.stop()
    }

    /// The answer of one of the provider's `/test/...` endpoints: a GET,
    /// or a POST of `form` (URL-encoded fields). Sent straight from here, so
    /// a test that releases something held at the provider does so at once.
    @discardableResult
    package func test(_ path: String, form: String? = nil) async throws -> String {
        try await server.request(path, form: form, timeout: 120)
    }

    /// Requests the token endpoint has seen, by grant type, plus
    /// `revocations` and `device_authorizations`.
    package func counts() async throws -> [String: Int] {
        let object = try JSONSerialization.jsonObject(with: Data(try await test("/test/counts").utf8))
        return object as? [String: Int] ?? [:]
    }

    /// The refresh tokens the provider would still accept, by client ID:
    /// its own view of whether a logout ended the grant.
    package func liveRefreshTokens() async throws -> [String: Int] {
        let text = try await test("/test/live-refresh-tokens")
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int] ?? [:]
    }

    /// How many access tokens the provider still accepts, by client ID.
    package func liveAccessTokens() async throws -> [String: Int] {
        let text = try await test("/test/live-access-tokens")
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int] ?? [:]
    }

    /// From now on refresh requests wait at the provider until ``releaseRefreshes()``.
    package func holdRefreshes() async throws {
        try await test("/test/hold-refreshes", form: "")
    }

    /// Lets held refresh requests, and later ones, through.
    package func releaseRefreshes() async throws {
        try await test("/test/release-refreshes", form: "")
    }

    /// Returns once a refresh request is waiting at the provider (60 s at most): whoever sent
    /// it holds its store's lock.
    package func waitForHeldRefresh() async throws -> Bool {
        try await test("/test/wait-held-refresh").contains(#""waiting": 1"#)
    }

    /// The HTTP status the token endpoint answers to a refresh with
    /// `refreshToken` (200, or 400 once it is revoked or used). The token
    /// goes to the helper on standard input, never on its command line; a
    /// confidential client's `secret` goes in the body.
    package func refreshStatus(_ refreshToken: String, clientID: String, secret: String? = nil) async throws
        -> Int
    {
        let script = """
            import sys, urllib.error, urllib.parse, urllib.request
            fields = {"grant_type": "refresh_token", "refresh_token": sys.stdin.readline().strip(),
                      "client_id": sys.argv[2]}
            secret = sys.stdin.readline().strip()
            if secret:
                fields["client_secret"] = secret
            body = urllib.parse.urlencode(fields).encode()
            try:
                opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
                print(opener.open(urllib.request.Request(sys.argv[1], data=body)).status)
            except urllib.error.HTTPError as error:
                print(error.code)
            """
        let text = try await Self.python(
            ["-c", script, issuer.absoluteString + "/o/token/", clientID],
            input: Data((refreshToken + "\n" + (secret ?? "") + "\n").utf8))
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Signs in as alice at the provider's pages and approves (or denies) `userCode`.
    package func approveDevice(userCode: String, deny: Bool = false) async throws {
        _ = try await Self.python(
            [
                Self.scripts.appendingPathComponent("human.py").path, "login-and-approve-device", "--base",
                issuer.absoluteString, "--user-code", userCode,
            ] + (deny ? ["--deny"] : []))
    }

    /// Signs in as `user` (alice by default), follows `authorizationURL`
    /// (pressing Cancel on the consent page with `deny`), and lets the
    /// browser come back to the app's loopback listener. Returns the
    /// callback's status code on the first line, then its page.
    package func authorize(
        _ authorizationURL: URL, deny: Bool = false, user: String = "alice",
        password: String = "wonderland-42"
    ) async throws -> String {
        try await Self.python(
            [
                Self.scripts.appendingPathComponent("human.py").path, "authorize", "--timeout", "40", "--url",
                authorizationURL.absoluteString, "--user", user, "--password", password,
            ] + (deny ? ["--deny"] : []))
    }

    /// Runs python3 with `arguments`; its standard output, or an error with its standard error.
    @discardableResult
    package static func python(
        _ arguments: [String], environment: [String: String] = [:], input: Data? = nil
    ) async throws -> String {
        try await offThePool { try pythonBlocking(arguments, environment: environment, input: input) }
    }

    private static func pythonBlocking(_ arguments: [String], environment: [String: String], input: Data?)
        throws
        -> String
    {
        let process = try ChildProcess(
            ["/usr/bin/env", "python3"] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            stdin: input == nil ? .null : .pipe, stdout: .pipe, stderr: .pipe)
        if let input {
            try process.input?.write(input)
            process.closeInput()
        }
        // Standard error is read on a thread of its own, so a child that fills
        // one pipe while the other is being read never stalls.
        let failure = Locked(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        Thread {
            failure.withLock { $0 = (try? process.errors?.readToEnd()) ?? Data() }
            errorsRead.signal()
        }.start()
        let text = try process.readStandardOutput()
        errorsRead.wait()
        guard process.waitForExit() == 0 else {
            throw Unavailable(description: String(decoding: failure.withLock { $0 }, as: UTF8.self))
        }
        return String(decoding: text, as: UTF8.self)
    }
}
