package import SessionCore
import SessionSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        defer { _ = systemClose(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw failure("not a regular file")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw failure("the key is readable by others; make it yours only (chmod 600)")
        }
        guard status.st_size <= sizeLimit else { throw failure("it is larger than 64 KiB") }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var count = 0
        while count < bytes.count {
            let got = bytes[count...].withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return Array(bytes[..<count])
    }
}
