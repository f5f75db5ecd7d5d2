import SessionSupport
import SessionSystem

/// The checks a CA file and a client certificate pass before they are
/// used or kept with a session: readable regular files that hold PEM, and a
/// key that only its owner can read. What is in them is left to the TLS
/// library; this only makes sure a wrong path is reported as one.
package enum PEMFiles {
    /// A file of PEM certificates that can be read and holds one at least.
    package static func checkCAFile(_ path: String) throws(ConnectionError) {
        let text = try read(path) { ConnectionError(.caFileUnusable(path: path, why: $0)) }
        guard text.holds("-----BEGIN CERTIFICATE-----") else {
            throw ConnectionError(.caFileUnusable(path: path, why: "it holds no PEM certificate"))
        }
    }

    /// A certificate and a key that can be read, the key by its owner only.
    package static func check(_ certificate: ClientCertificate) throws(ConnectionError) {
        let path = certificate.certificateFile
        let text = try read(path) { ConnectionError(.clientCertificateUnusable(path: path, why: $0)) }
        guard text.holds("-----BEGIN CERTIFICATE-----") else {
            throw ConnectionError(.clientCertificateUnusable(path: path, why: "it holds no PEM certificate"))
        }
        let keyPath = certificate.keyFile
        let mode: UInt32
        do {
            mode = try POSIX.modeFollowingLinks(atPath: keyPath)
        } catch {
            throw ConnectionError(.clientCertificateUnusable(path: keyPath, why: error.reason))
        }
        guard mode & 0o077 == 0 else {
            throw ConnectionError(
                .clientCertificateUnusable(
                    path: keyPath, why: "the key is readable by others; make it yours only (chmod 600)"))
        }
        let key = try read(keyPath) { ConnectionError(.clientCertificateUnusable(path: keyPath, why: $0)) }
        guard key.holds("PRIVATE KEY-----") else {
            throw ConnectionError(
                .clientCertificateUnusable(path: keyPath, why: "it holds no PEM private key"))
        }
        if key.holds("ENCRYPTED") {
            throw ConnectionError(
                .clientCertificateUnusable(path: keyPath, why: "the key is encrypted; give it unencrypted"))
        }
    }

    /// The first 16 KiB of a regular file: enough to see what it holds (a
    /// system bundle of 200 KiB is checked on every request that names it,
    /// so not all of it is read).
    private static func read(_ path: String, _ failure: (String) -> ConnectionError) throws(ConnectionError)
        -> [UInt8]
    {
        do {
            return try SmallFile.read(path, limit: 16 << 10, options: .regularOnly).bytes
        } catch {
            throw failure(error.description)
        }
    }
}

extension ConnectionSettings {
    /// Checks the files these settings name (``PEMFiles``).
    ///
    /// - Throws: ``ConnectionError`` naming the file and what is wrong with it.
    package func checkFiles() throws(ConnectionError) {
        if let caFile { try PEMFiles.checkCAFile(caFile) }
        if let clientCertificate { try PEMFiles.check(clientCertificate) }
    }
}
