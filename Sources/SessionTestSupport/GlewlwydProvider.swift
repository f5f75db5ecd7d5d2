package import Foundation

/// Debian's Glewlwyd 2.7.5 on loopback (`Scripts/glewlwyd/provider.py`):
/// a provider that implements DPoP, PAR and `private_key_jwt`, configured
/// through its admin API with a user (alice), a public client (`cli`), a
/// confidential one (`machine`, with a secret) and one that authenticates
/// with a key (`keyed`). It runs on a fresh SQLite database in a temporary
/// folder, both gone when it stops; it also stops when its standard input
/// closes.
package final class GlewlwydProvider: StoppablePeer {
    package let issuer: URL
    /// `machine`'s secret.
    package let machineSecret: String
    /// The path of `keyed`'s private key (PEM, 0600) and its key ID.
    package let keyedPrivateKeyPath: String
    package let keyedKeyID: String
    private let process: ChildProcess

    package struct StartFailed: Error, CustomStringConvertible {
        package let description: String
    }

    /// Whether Glewlwyd is installed here.
    package static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/glewlwyd") }

    /// Whether its tests must run (CI sets `SESSION_TESTS_REQUIRE_GLEWLWYD=1`).
    package static var isRequired: Bool {
        ProcessInfo.processInfo.environment["SESSION_TESTS_REQUIRE_GLEWLWYD"] == "1"
    }

    /// Starts a provider and returns once it is configured.
    package static func start(_ arguments: [String] = []) async throws -> GlewlwydProvider {
        let started = try await PythonServer.start(
            TestScripts.url("glewlwyd/provider.py"), arguments: ["--log-level", "ERROR"] + arguments)
        guard let words = started.words, words.count == 3, let issuer = URL(string: String(words[1])),
            let data = FileManager.default.contents(atPath: String(words[2])),
            let info = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let clients = info["clients"] as? [String: [String: Any]],
            let secret = clients["machine"]?["client_secret"] as? String,
            let key = clients["keyed"]?["private_key_pem"] as? String,
            let keyID = clients["keyed"]?["kid"] as? String
        else {
            started.process.closeInput()
            await started.process.exitStatus()
            throw StartFailed(description: "Glewlwyd did not start (see Scripts/glewlwyd/provider.py)")
        }
        return GlewlwydProvider(
            process: started.process, issuer: issuer, machineSecret: secret, keyedPrivateKeyPath: key,
            keyedKeyID: keyID)
    }

    private init(
        process: ChildProcess, issuer: URL, machineSecret: String, keyedPrivateKeyPath: String,
        keyedKeyID: String
    ) {
        self.process = process
        self.issuer = issuer
        self.machineSecret = machineSecret
        self.keyedPrivateKeyPath = keyedPrivateKeyPath
        self.keyedKeyID = keyedKeyID
    }

    /// Alice approves a device sign-in's code, as she would in a browser
    /// (`Scripts/glewlwyd/approve.py`).
    package func approveDevice(userCode: String) async throws {
        try await approve(["device", origin, issuer.absoluteString, userCode])
    }

    /// Alice opens a browser sign-in's authorization URL, signs in and
    /// comes back to its loopback callback.
    package func approveWeb(_ authorizationURL: URL) async throws {
        try await approve(["web", origin, authorizationURL.absoluteString])
    }

    /// `http://127.0.0.1:PORT`, where Glewlwyd's own API is.
    private var origin: String {
        "\(issuer.scheme ?? "http")://\(issuer.host ?? "127.0.0.1"):\(issuer.port ?? 80)"
    }

    private func approve(_ arguments: [String]) async throws {
        let child = try ChildProcess(
            ["/usr/bin/env", "python3", TestScripts.url("glewlwyd/approve.py").path] + arguments)
        let status = await child.exitStatus()
        guard status == 0 else { throw StartFailed(description: "alice's approval failed (exit \(status))") }
    }

    package func stop() async {
        process.closeInput()
        await process.exitStatus()
    }

    deinit { process.send(SIGTERM) }
}

/// Runs `body` with a Glewlwyd provider, and stops it whatever `body` does.
package func withGlewlwyd<Result>(
    _ arguments: [String] = [], _ body: (GlewlwydProvider) async throws -> Result
)
    async throws -> Result
{
    try await withPeer(try await GlewlwydProvider.start(arguments), body)
}
