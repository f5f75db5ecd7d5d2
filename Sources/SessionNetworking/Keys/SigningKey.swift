import SessionSupport

/// A private key that signs JWTs: a P-256 key (ES256) or an RSA key of
/// 2048 bits or more (RS256). The signing is the platform's: OpenSSL's
/// libcrypto on Linux (``LibCryptoKey``), CryptoKit on Apple platforms.
/// Nothing here computes a signature itself.
///
/// The key never leaves the value except as ``privateJWK`` (a DPoP key kept
/// as a secret of its session); printing one shows its thumbprint only.
package final class SigningKey: Sendable, CustomStringConvertible {
    package enum Algorithm: String, Sendable {
        case es256 = "ES256"
        case rs256 = "RS256"
    }

    /// Why a key could not be made, read or used, in words.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    package let algorithm: Algorithm
    /// The public key, as a JWK.
    package let publicJWK: JWK
    private let platform: PlatformKey

    private init(_ platform: PlatformKey) throws(Failure) {
        self.platform = platform
        publicJWK = try platform.publicJWK()
        if case .rsa = publicJWK.key { algorithm = .rs256 } else { algorithm = .es256 }
    }

    /// A new P-256 key pair.
    package static func generateP256() throws(Failure) -> SigningKey {
        try SigningKey(try PlatformKey.generateP256())
    }

    /// The private key in a PEM file's text: `PRIVATE KEY` (PKCS #8), `EC
    /// PRIVATE KEY` (SEC 1) or `RSA PRIVATE KEY` (PKCS #1), unencrypted.
    package convenience init(pem bytes: [UInt8]) throws(Failure) {
        let blocks: [PEMBlock]
        do {
            blocks = try PEM.blocks(bytes)
        } catch {
            throw Failure(description: error.description)
        }
        let keys = blocks.filter { ["PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY"].contains($0.label) }
        if blocks.contains(where: { $0.label == "ENCRYPTED PRIVATE KEY" }) {
            throw Failure(description: "the key is encrypted; give it unencrypted")
        }
        guard keys.count == 1, let key = keys.first else {
            throw Failure(
                description: keys.isEmpty ? "it holds no PEM private key" : "it holds more than one key")
        }
        try self.init(try PlatformKey.make(der: key.der))
    }

    /// The P-256 private key a JWK holds (`d`, `x`, `y`): a DPoP key as its session keeps it.
    package convenience init(privateJWK jwk: JWK) throws(Failure) {
        guard case .p256(let x, let y, let d?) = jwk.key else {
            throw Failure(description: "not a P-256 private key")
        }
        try self.init(try PlatformKey.make(p256Scalar: d, x: x, y: y))
    }

    /// The P-256 private key as a JWK, to keep as a secret; `nil` for an RSA key.
    package var privateJWK: JWK? { platform.privateJWK() }

    /// The signature of `message` with SHA-256, in JOSE's form (RFC 7518
    /// §3.3, §3.4: r and s of 32 bytes each for ES256).
    package func sign(_ message: [UInt8]) throws(Failure) -> [UInt8] {
        try platform.sign(message)
    }

    /// Random bytes from the platform's generator, for a `jti`.
    package static func randomBytes(_ count: Int) throws(Failure) -> [UInt8] {
        try PlatformKey.randomBytes(count)
    }

    /// The algorithm and the thumbprint: never the key.
    package var description: String { "SigningKey(\(algorithm.rawValue), \(publicJWK.thumbprint))" }
}
