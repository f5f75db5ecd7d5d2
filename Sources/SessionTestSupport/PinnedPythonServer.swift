package import Foundation
import SessionSystem

/// A test server written in Python whose packages are pinned by an
/// `install.sh` beside it (installed once per process into the build
/// folder), started on 127.0.0.1 with the test servers' protocol (one
/// `READY <port>` line; it exits when its standard input closes).
///
/// `machine_identity` (an emulated GitHub Actions issuer and an Authlib
/// provider), `idpy_exchange` (idpyoidc's RFC 8693 token exchange), and the
/// start of ``OAuthTestProvider``'s django-oauth-toolkit. Whoever starts
/// one stops it (``withPeer(_:_:)``).
package final class PinnedPythonServer: StoppablePeer {
    /// The server's port on 127.0.0.1.
    package let port: Int
    private let process: ChildProcess

    /// `http://127.0.0.1:<port>`.
    package var base: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// Where a script is, and where its packages go.
    package struct Kind: Sendable {
        let folder: String
        let script: String
        let packages: String
        let once: Once

        /// The emulated CI issuer (GitHub Actions) and the Authlib provider.
        package static let machineIdentity = Kind(
            folder: "machine_identity", script: "server.py", packages: "machine-python", once: Once())
        /// idpyoidc's authorization server with token exchange.
        package static let idpyExchange = Kind(
            folder: "idpy_exchange", script: "server.py", packages: "idpy-exchange-python", once: Once())
        /// django-oauth-toolkit (``OAuthTestProvider``).
        package static let oauthProvider = Kind(
            folder: "oauth_provider", script: "provider.py", packages: "oauth-python", once: Once())
    }

    /// Starts the server of `kind` with `environment` added to this
    /// process's, and returns once it listens. The first start of a kind in
    /// a process installs its packages, on a thread of its own.
    package static func start(_ kind: Kind, environment: [String: String] = [:]) async throws
        -> PinnedPythonServer
    {
        let scripts = TestScripts.url(kind.folder)
        let packages = TestScripts.packages(kind.packages)
        try await offThePool {
            try kind.once.run {
                try installPackages(scripts.appendingPathComponent("install.sh"), into: packages)
            }
        }
        var variables = ProcessInfo.processInfo.environment
        variables["PYTHONPATH"] = packages.path
        variables.merge(environment) { $1 }
        let started = try await PythonServer.start(
            scripts.appendingPathComponent(kind.script), environment: variables)
        guard let words = started.words, words.count == 1, let port = Int(words[0]) else {
            started.process.send(SIGTERM)
            await started.process.exitStatus()
            throw OAuthTestProvider.Unavailable(
                description: "\(kind.folder)/\(kind.script) did not start (see its stderr)")
        }
        return PinnedPythonServer(process: started.process, port: port)
    }

    private init(process: ChildProcess, port: Int) {
        self.process = process
        self.port = port
    }

    /// Stops the server and waits for it to exit.
    package func stop() async {
        process.closeInput()
        await process.exitStatus()
    }

    deinit {
        // Only a test that forgot stop() gets here; the server exits with its stdin anyway.
        process.send(SIGTERM)
    }

    /// The body of a GET, or a POST of `form` (URL-encoded fields), to
    /// `path`, sent straight from here; an error unless it answers 200.
    @discardableResult
    package func request(_ path: String, form: String? = nil, timeout: Double = 60) async throws -> String {
        let answer = try await RawHTTP.request(
            form == nil ? "GET" : "POST", path, body: form ?? "", port: port, timeout: timeout)
        guard answer.status == 200 else {
            throw OAuthTestProvider.Unavailable(
                description: "\(path) answered HTTP \(answer.status): \(answer.body)")
        }
        return answer.body
    }

    /// A JSON object of counts (`/test/counts`).
    package func counts() async throws -> [String: Int] {
        let object = try JSONSerialization.jsonObject(with: Data(try await request("/test/counts").utf8))
        return object as? [String: Int] ?? [:]
    }
}
