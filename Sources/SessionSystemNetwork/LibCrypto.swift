#if canImport(CCrypto)
    import CCrypto

    /// A key held by OpenSSL's libcrypto (an `EVP_PKEY`), freed with the
    /// value. libcrypto's keys may sign from several threads at once.
    /// SessionNetworking's `SigningKey` wraps it on Linux (CryptoKit does
    /// the same on Apple platforms).
    package final class LibCryptoKey: @unchecked Sendable {
        /// Why libcrypto could not make or use a key, in words.
        package struct Failure: Error, Sendable {
            package let description: String
        }

        /// A public key's parts: a P-256 point, or an RSA modulus and exponent.
        package enum PublicParts: Sendable {
            case p256(x: [UInt8], y: [UInt8])
            case rsa(n: [UInt8], e: [UInt8])
        }

        private let key: OpaquePointer

        private init(_ key: OpaquePointer) throws(Failure) {
            self.key = key
            guard session_key_kind(key) != 0 else {
                throw Failure(description: "not a P-256 key or an RSA key of 2048 bits or more")
            }
        }

        deinit { EVP_PKEY_free(key) }

        package static func generateP256() throws(Failure) -> LibCryptoKey {
            guard let key = session_p256_generate() else {
                throw Failure(description: "libcrypto could not make a P-256 key")
            }
            return try LibCryptoKey(key)
        }

        package static func make(der: [UInt8]) throws(Failure) -> LibCryptoKey {
            guard let key = der.withUnsafeBufferPointer({ session_key_from_der($0.baseAddress, $0.count) })
            else {
                throw Failure(description: "libcrypto could not read the private key")
            }
            return try LibCryptoKey(key)
        }

        package static func make(p256Scalar d: [UInt8], x: [UInt8], y: [UInt8]) throws(Failure)
            -> LibCryptoKey
        {
            let point = [0x04] + x + y
            let made = d.withUnsafeBufferPointer { scalar in
                point.withUnsafeBufferPointer { point in
                    session_p256_from_parts(scalar.baseAddress, scalar.count, point.baseAddress, point.count)
                }
            }
            guard let key = made else {
                throw Failure(description: "the P-256 key's parts do not make a key")
            }
            return try LibCryptoKey(key)
        }

        package func publicParts() throws(Failure) -> PublicParts {
            if session_key_kind(key) == 1 {
                let point = try bytes { session_key_point(key, $0, $1) }
                guard point.count == 65, point[0] == 0x04 else {
                    throw Failure(description: "libcrypto gave no P-256 point")
                }
                return .p256(x: Array(point[1...32]), y: Array(point[33...64]))
            }
            let n = try bytes { session_key_number(key, "n", $0, $1, 0) }
            let e = try bytes { session_key_number(key, "e", $0, $1, 0) }
            return .rsa(n: n, e: e)
        }

        /// A P-256 key's private scalar (32 bytes), or `nil` for any other key.
        package func p256PrivateScalar() -> [UInt8]? {
            guard session_key_kind(key) == 1 else { return nil }
            return try? bytes { session_key_number(key, "priv", $0, $1, 32) }
        }

        package func sign(_ message: [UInt8]) throws(Failure) -> [UInt8] {
            let signature = try bytes { out, capacity in
                message.withUnsafeBufferPointer {
                    session_sign_sha256(key, $0.baseAddress, $0.count, out, capacity)
                }
            }
            return signature
        }

        package static func randomBytes(_ count: Int) throws(Failure) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            guard
                bytes.withUnsafeMutableBufferPointer({ session_random($0.baseAddress, Int32($0.count)) }) == 1
            else {
                throw Failure(description: "libcrypto's random generator failed")
            }
            return bytes
        }

        /// What a shim function writes into a buffer of 1 KiB (enough for an RSA modulus of 8192 bits).
        private func bytes(_ fill: (UnsafeMutablePointer<UInt8>, Int) -> Int32) throws(Failure)
            -> [UInt8]
        {
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = buffer.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { fill($0, buffer.count) } ?? -1
            }
            guard count > 0 else { throw Failure(description: "libcrypto could not use the key") }
            return Array(buffer[..<Int(count)])
        }
    }
#endif
