#if !os(Linux) && canImport(CryptoKit)
    import CryptoKit
    import Security

    /// A P-256 key held by CryptoKit. RSA keys (RS256) are not read on Apple
    /// platforms yet: they are refused in words.
    typealias PlatformKey = CryptoKitKey

    final class CryptoKitKey: @unchecked Sendable {
        private let key: P256.Signing.PrivateKey

        private init(_ key: P256.Signing.PrivateKey) {
            self.key = key
        }

        static func generateP256() throws(SigningKey.Failure) -> CryptoKitKey {
            CryptoKitKey(P256.Signing.PrivateKey())
        }

        static func make(der: [UInt8]) throws(SigningKey.Failure) -> CryptoKitKey {
            do {
                return CryptoKitKey(try P256.Signing.PrivateKey(derRepresentation: der))
            } catch {
                throw SigningKey.Failure(
                    description: "not a P-256 private key (RSA keys are read on Linux only)")
            }
        }

        static func make(p256Scalar d: [UInt8], x: [UInt8], y: [UInt8]) throws(SigningKey.Failure)
            -> CryptoKitKey
        {
            let key: P256.Signing.PrivateKey
            do {
                key = try P256.Signing.PrivateKey(rawRepresentation: d)
            } catch {
                throw SigningKey.Failure(description: "the P-256 key's parts do not make a key")
            }
            guard Array(key.publicKey.rawRepresentation) == x + y else {
                throw SigningKey.Failure(description: "the P-256 key's parts do not make a key")
            }
            return CryptoKitKey(key)
        }

        func publicJWK() throws(SigningKey.Failure) -> JWK {
            let point = Array(key.publicKey.rawRepresentation)
            return JWK(.p256(x: Array(point[0..<32]), y: Array(point[32..<64]), d: nil))
        }

        func privateJWK() -> JWK? {
            let point = Array(key.publicKey.rawRepresentation)
            return JWK(
                .p256(x: Array(point[0..<32]), y: Array(point[32..<64]), d: Array(key.rawRepresentation)))
        }

        func sign(_ message: [UInt8]) throws(SigningKey.Failure) -> [UInt8] {
            do {
                return Array(try key.signature(for: message).rawRepresentation)
            } catch {
                throw SigningKey.Failure(description: "CryptoKit could not sign")
            }
        }

        static func randomBytes(_ count: Int) throws(SigningKey.Failure) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            guard SecRandomCopyBytes(kSecRandomDefault, count, &bytes) == errSecSuccess else {
                throw SigningKey.Failure(description: "the system's random generator failed")
            }
            return bytes
        }
    }
#endif
