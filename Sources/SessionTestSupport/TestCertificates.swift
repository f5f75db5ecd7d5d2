package import Foundation

/// A private CA and the certificates the networks tests use, made with
/// `openssl` in a temporary folder (`Scripts/tls/make_certificates.sh`):
/// nothing of it is in the system's store, so a server that presents
/// ``serverCertificate`` is trusted only when a test says so. Removed with
/// ``remove()``.
package struct TestCertificates: Sendable {
    package let folder: URL

    /// The CA that signed the server's certificate.
    package var caFile: String { path("ca.pem") }
    /// `caFile` alone in a hashed folder, as `SSL_CERT_DIR` wants it.
    package var caFolder: String { path("hashed") }
    /// The server's certificate: localhost, 127.0.0.1, ::1, 10.77.0.2, *.corp.test.
    package var serverCertificate: String { path("server.pem") }
    package var serverKey: String { path("server.key") }
    /// The CA a server that asks for client certificates trusts.
    package var clientCAFile: String { path("client-ca.pem") }
    /// A client certificate signed by ``clientCAFile``, and its key (0600).
    package var clientCertificate: String { path("client.pem") }
    package var clientKey: String { path("client.key") }

    package struct MakeFailed: Error, CustomStringConvertible {
        package let description: String
    }

    /// Makes a new CA and its certificates.
    package static func make() async throws -> TestCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "session-tls-" + UUID().uuidString)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let process = try ChildProcess(
            ["/bin/sh", TestScripts.url("tls/make_certificates.sh").path, folder.path], stdout: .pipe)
        let output = try await offThePool {
            String(decoding: try process.output?.readToEnd() ?? Data(), as: UTF8.self)
        }
        let status = await process.exitStatus()
        guard status == 0, output.contains("ok") else {
            try? FileManager.default.removeItem(at: folder)
            throw MakeFailed(description: "openssl could not make the test certificates: \(output)")
        }
        return TestCertificates(folder: folder)
    }

    /// Deletes the folder and everything in it.
    package func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}

/// Runs `body` with new test certificates, and removes them whatever `body` does.
package func withTestCertificates<Result>(_ body: (TestCertificates) async throws -> Result) async throws
    -> Result
{
    let certificates = try await TestCertificates.make()
    defer { certificates.remove() }
    return try await body(certificates)
}

/// Runs `body` with a test server started with `options`, and stops it whatever `body` does.
package func withLoopbackServer<Result>(
    _ options: LoopbackServer.Options, _ body: (LoopbackServer) async throws -> Result
) async throws -> Result {
    try await withPeer(try await LoopbackServer.start(options), body)
}
