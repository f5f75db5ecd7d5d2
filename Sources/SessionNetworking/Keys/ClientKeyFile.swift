package import SessionCore
import SessionSupport
import SessionSystem

/// Reads a client's private key for `private_key_jwt` from its PEM file,
/// each time it is needed: the key stays in its file, never in a session.
///
/// The file must be a regular file of at most 64 KiB that only its owner can
/// read or write (as ssh asks of its keys), holding one unencrypted
/// P-256 or RSA private key.
package enum ClientKeyFile {
    /// The largest key file read.
    static let sizeLimit = 64 << 10

    /// The signing key in `key`'s file.
    ///
    /// - Throws: ``SignInError/clientKeyUnusable(path:reason:)`` saying
    ///   what is wrong with the file, in words.
    package static func signingKey(_ key: ClientKey) throws(SignInError) -> SigningKey {
        let bytes = try read(key.path)
        do {
            return try SigningKey(pem: bytes)
        } catch {
            throw SignInError.clientKeyUnusable(path: key.path, reason: error.description)
        }
    }

    /// Checks the file as a sign-in does before it keeps the path.
    package static func check(_ key: ClientKey) throws(SignInError) {
        _ = try signingKey(key)
    }

    private static func read(_ path: String) throws(SignInError) -> [UInt8] {
        func failure(_ reason: String) -> SignInError { .clientKeyUnusable(path: path, reason: reason) }
        let file: SmallFile.Contents
        do {
            file = try SmallFile.read(path, limit: sizeLimit, options: .regularOnly)
        } catch {
            throw failure(error.description)
        }
        guard !file.isOpenToOthers else {
            throw failure("the key is readable by others; make it yours only (chmod 600)")
        }
        guard !file.exceedsLimit else { throw failure("it is larger than 64 KiB") }
        return file.bytes
    }
}
