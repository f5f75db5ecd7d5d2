#if os(Linux)
    import SessionSystemNetwork

    /// The signing key on Linux: libcrypto's (SessionSystemNetwork's
    /// ``LibCryptoKey``), its parts as JWKs and its failures as ``SigningKey/Failure``.
    typealias PlatformKey = LibCryptoPlatformKey

    struct LibCryptoPlatformKey: Sendable {
        private let key: LibCryptoKey

        private init(_ key: LibCryptoKey) {
            self.key = key
        }

        static func generateP256() throws(SigningKey.Failure) -> Self {
            try Self(mapped { () throws(LibCryptoKey.Failure) in try LibCryptoKey.generateP256() })
        }

        static func make(der: [UInt8]) throws(SigningKey.Failure) -> Self {
            try Self(mapped { () throws(LibCryptoKey.Failure) in try LibCryptoKey.make(der: der) })
        }

        static func make(p256Scalar d: [UInt8], x: [UInt8], y: [UInt8]) throws(SigningKey.Failure) -> Self {
            try Self(
                mapped { () throws(LibCryptoKey.Failure) in try LibCryptoKey.make(p256Scalar: d, x: x, y: y) }
            )
        }

        func publicJWK() throws(SigningKey.Failure) -> JWK {
            switch try Self.mapped({ () throws(LibCryptoKey.Failure) in try key.publicParts() }) {
            case .p256(let x, let y): JWK(.p256(x: x, y: y, d: nil))
            case .rsa(let n, let e): JWK(.rsa(n: n, e: e))
            }
        }

        func privateJWK() -> JWK? {
            guard let d = key.p256PrivateScalar(), case .p256(let x, let y)? = try? key.publicParts() else {
                return nil
            }
            return JWK(.p256(x: x, y: y, d: d))
        }

        func sign(_ message: [UInt8]) throws(SigningKey.Failure) -> [UInt8] {
            try Self.mapped { () throws(LibCryptoKey.Failure) in try key.sign(message) }
        }

        static func randomBytes(_ count: Int) throws(SigningKey.Failure) -> [UInt8] {
            try mapped { () throws(LibCryptoKey.Failure) in try LibCryptoKey.randomBytes(count) }
        }

        private static func mapped<Result>(_ body: () throws(LibCryptoKey.Failure) -> Result)
            throws(SigningKey.Failure) -> Result
        {
            do {
                return try body()
            } catch {
                throw SigningKey.Failure(description: error.description)
            }
        }
    }
#endif
