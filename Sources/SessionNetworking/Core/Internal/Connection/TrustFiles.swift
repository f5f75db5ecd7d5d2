import SessionCore
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The certificate authorities and client certificate a transfer uses,
/// checked before anything is sent: a file that cannot be used is an error
/// naming it, never a silent fall back to the system's store.
///
/// The environment replaces the system's store as it does for curl:
/// `SSL_CERT_FILE` (else `CURL_CA_BUNDLE`) the bundle, `SSL_CERT_DIR` the
/// folder. A session's CA file is trusted in addition to those.
struct TrustFiles: Sendable {
    /// The bundle to use instead of the system's; `nil` for the system's.
    var bundle: String?
    /// The folder to use instead of the system's; `nil` for the system's.
    var folder: String?
    /// The session's own CAs, added to the bundle.
    var sessionCAs: String?
    /// The client certificate to present.
    var clientCertificate: ClientCertificate?

    /// Checks every file `settings` and `environment` name.
    ///
    /// - Throws: ``ConnectionError`` (``ConnectionError/Reason/caFileUnusable(path:why:)``
    ///   or ``ConnectionError/Reason/clientCertificateUnusable(path:why:)``).
    init(_ settings: ConnectionSettings, environment: NetworkEnvironment) throws(ConnectionError) {
        bundle = environment.first(.certificateFile, .curlCABundle)
        folder = environment[.certificateDirectory]
        sessionCAs = settings.caFile
        clientCertificate = settings.clientCertificate
        if let bundle { try PEMFiles.checkCAFile(bundle) }
        if let folder {
            guard POSIX.isReadableFolder(atPath: folder) else {
                throw ConnectionError(.caFileUnusable(path: folder, why: "not a folder that can be read"))
            }
        }
        if let sessionCAs { try PEMFiles.checkCAFile(sessionCAs) }
        if let clientCertificate { try PEMFiles.check(clientCertificate) }
    }
}
