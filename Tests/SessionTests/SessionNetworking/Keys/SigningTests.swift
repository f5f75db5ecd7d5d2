import Foundation
import SessionCore
import SessionSupport
import SessionTestSupport
import Testing

@testable import SessionNetworking

/// Signing with the platform's cryptography, checked by an independent
/// verifier: `openssl` verifies every signature made here, with the public
/// key as the JWK says it is.
@Suite struct SigningTests {
    let folder = TemporaryDirectory()

    /// Runs openssl in the test's folder; its status and what it printed.
    @discardableResult
    func openssl(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let process = try ChildProcess(
            ["/bin/sh", "-c", "cd \"$0\" && exec openssl \"$@\" 2>&1", folder.path] + arguments, stdout: .pipe
        )
        let output = try await offThePool {
            String(decoding: try process.output?.readToEnd() ?? Data(), as: UTF8.self)
        }
        return (await process.exitStatus(), output)
    }

    /// A public key as openssl reads it (SubjectPublicKeyInfo, PEM), made from the JWK.
    func publicPEM(_ jwk: JWK) -> String {
        guard case .p256(let x, let y, _) = jwk.key else { return "" }
        let prefix: [UInt8] = [
            0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A,
            0x86,
            0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00, 0x04,
        ]
        let base64 = Data(prefix + x + y).base64EncodedString()
        return "-----BEGIN PUBLIC KEY-----\n\(base64)\n-----END PUBLIC KEY-----\n"
    }

    /// A PEM text's base64, without its boundary lines and line breaks.
    func pemBody(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
    }

    /// ES256's r || s as the DER openssl verifies.
    func der(_ signature: [UInt8]) -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty { value = [0] }
            if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(signature[0..<32]) + integer(signature[32..<64])
        return [0x30, UInt8(body.count)] + body
    }

    /// Whether openssl finds `signature` of `message` good for `publicKey` (a PEM file's name).
    func verifies(_ signature: [UInt8], _ message: [UInt8], publicKey: String) async throws -> Bool {
        try Data(message).write(to: folder.file("message"))
        try Data(signature).write(to: folder.file("signature"))
        let result = try await openssl(
            ["dgst", "-sha256", "-verify", publicKey, "-signature", "signature", "message"])
        return result.status == 0 && result.output.contains("Verified OK")
    }

    @Test func aNewP256KeySignsWhatOpenSSLVerifiesAndComesBackFromItsJWK() async throws {
        let key = try SigningKey.generateP256()
        #expect(key.algorithm == .es256)
        try publicPEM(key.publicJWK).write(to: folder.file("public.pem"), atomically: true, encoding: .utf8)
        let message = Array("eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJzZXNzaW9uIn0".utf8)
        let signature = try key.sign(message)
        #expect(signature.count == 64)
        #expect(try await verifies(der(signature), message, publicKey: "public.pem"))
        #expect(try await !verifies(der(signature), message + [0x2E], publicKey: "public.pem"))

        // Kept as a private JWK, and back: the same key.
        let jwk = try #require(key.privateJWK)
        let restored = try SigningKey(
            privateJWK: try JWK(json: Array(JSONOutput.object(jwk.members(includingPrivate: true)).text.utf8))
        )
        #expect(restored.publicJWK == key.publicJWK)
        #expect(try await verifies(der(try restored.sign(message)), message, publicKey: "public.pem"))
        // A scalar with another key's point is not a key.
        let other = try #require(try SigningKey.generateP256().privateJWK)
        guard case .p256(_, _, let d) = other.key, case .p256(let x, let y, _) = jwk.key else { return }
        #expect(throws: SigningKey.Failure.self) { try SigningKey(privateJWK: JWK(.p256(x: x, y: y, d: d))) }
        #expect(!String(describing: key).contains(Base64URL.encode(d ?? [])))
    }

    @Test(arguments: ["pkcs8", "sec1"])
    func aP256KeyFromOpenSSLSigns(form: String) async throws {
        #expect(
            try await openssl([
                "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "key.pem",
            ]).status == 0)
        if form == "sec1" { try await openssl(["ec", "-in", "key.pem", "-out", "key.pem"]) }
        try await openssl(["pkey", "-in", "key.pem", "-pubout", "-out", "public.pem"])
        let pem = try Data(contentsOf: folder.file("key.pem"))
        #expect(
            String(decoding: pem, as: UTF8.self).contains(
                form == "sec1" ? "BEGIN EC PRIVATE KEY" : "BEGIN PRIVATE KEY"))
        let key = try SigningKey(pem: Array(pem))
        let message = Array("a client assertion".utf8)
        #expect(try await verifies(der(try key.sign(message)), message, publicKey: "public.pem"))
        // The JWK's point is openssl's public key.
        let theirs = try String(contentsOf: folder.file("public.pem"), encoding: .utf8)
        #expect(pemBody(publicPEM(key.publicJWK)) == pemBody(theirs))
    }

    @Test func anRSAKeyFromOpenSSLSignsRS256() async throws {
        #expect(
            try await openssl([
                "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "rsa.pem",
            ]).status == 0)
        try await openssl(["pkey", "-in", "rsa.pem", "-pubout", "-out", "rsa-public.pem"])
        let key = try SigningKey(pem: Array(try Data(contentsOf: folder.file("rsa.pem"))))
        #expect(key.algorithm == .rs256)
        #expect(key.privateJWK == nil, "an RSA key is never kept as a JWK")
        let message = Array("header.claims".utf8)
        let signature = try key.sign(message)
        #expect(signature.count == 256)
        #expect(try await verifies(signature, message, publicKey: "rsa-public.pem"))
        // openssl's modulus is the JWK's.
        let modulus = try await openssl(["rsa", "-in", "rsa.pem", "-noout", "-modulus"]).output
        guard case .rsa(let n, let e) = key.publicJWK.key else {
            Issue.record("not RSA")
            return
        }
        #expect(modulus.contains(n.map { String(format: "%02X", $0) }.joined()))
        #expect(e == [1, 0, 1])
    }

    @Test func keysThatCannotSignAreRefusedInWords() async throws {
        try await openssl([
            "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", "p384.pem",
        ])
        try await openssl([
            "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", "rsa1024.pem",
        ])
        try await openssl([
            "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-aes-128-cbc", "-pass",
            "pass:x", "-out", "encrypted.pem",
        ])
        for (file, words) in [
            ("p384.pem", "not a P-256 key"), ("rsa1024.pem", "not a P-256 key"),
            ("encrypted.pem", "encrypted"),
        ] {
            let pem = Array(try Data(contentsOf: folder.file(file)))
            #expect(throws: SigningKey.Failure.self, "\(file)") { try SigningKey(pem: pem) }
            do {
                _ = try SigningKey(pem: pem)
            } catch {
                #expect(error.description.contains(words), "\(file): \(error)")
            }
        }
    }

    /// RFC 9449 §7.1's example: the access token's hash (`ath`).
    @Test func aDPoPProofIsRFC9449s() async throws {
        #expect(
            DPoPProof.tokenHash("Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU")
                == "fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo")
        let key = try SigningKey.generateP256()
        let url = try #require(URL(string: "https://server.example.com/resource?x=1#frag"))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let token = try AuthToken("Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU")
        let proof = try DPoPProof.make(
            key: key, method: "GET", url: url, accessToken: token, nonce: "n-1", now: now)
        let parts = proof.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let header = try JSONValue.parse(Base64URL.decode(parts[0]) ?? Data())
        let claims = try JSONValue.parse(Base64URL.decode(parts[1]) ?? Data())
        guard case .object(let h) = header, case .object(let c) = claims else {
            Issue.record("not JSON objects")
            return
        }
        #expect(h["typ"] == .string("dpop+jwt") && h["alg"] == .string("ES256"))
        guard case .object(let jwk)? = h["jwk"] else {
            Issue.record("no jwk")
            return
        }
        #expect(try JWK(jwk) == key.publicJWK && jwk["d"] == nil, "the public key, never the private one")
        #expect(c["htm"] == .string("GET") && c["htu"] == .string("https://server.example.com/resource"))
        #expect(c["iat"] == .number(1_700_000_000) && c["nonce"] == .string("n-1"))
        #expect(c["ath"] == .string("fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo"))
        guard case .string(let jti)? = c["jti"] else {
            Issue.record("no jti")
            return
        }
        #expect(jti.count >= 22)
        let again = try DPoPProof.make(key: key, method: "GET", url: url, now: now)
        #expect(again != proof, "each proof is fresh")
        // The signature over header.claims verifies with openssl.
        try publicPEM(key.publicJWK).write(to: folder.file("dpop.pem"), atomically: true, encoding: .utf8)
        let signature = Array(Base64URL.decode(parts[2]) ?? Data())
        #expect(
            try await verifies(der(signature), Array((parts[0] + "." + parts[1]).utf8), publicKey: "dpop.pem")
        )
    }

    /// RFC 7523 §3: the claims of a client assertion.
    @Test func aClientAssertionNamesTheClientAndTheEndpoint() throws {
        let key = try SigningKey.generateP256()
        let audience = try #require(URL(string: "https://login.example.com/token"))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let assertion = try ClientAssertion.make(
            key: key, keyID: "k1", clientID: "ci", audience: audience, now: now)
        let parts = assertion.split(separator: ".").map(String.init)
        guard case .object(let h) = try JSONValue.parse(Base64URL.decode(parts[0]) ?? Data()),
            case .object(let c) = try JSONValue.parse(Base64URL.decode(parts[1]) ?? Data())
        else {
            Issue.record("not JSON objects")
            return
        }
        #expect(h["kid"] == .string("k1") && h["alg"] == .string("ES256"))
        #expect(c["iss"] == .string("ci") && c["sub"] == .string("ci"))
        #expect(c["aud"] == .string("https://login.example.com/token"))
        #expect(c["iat"] == .number(1_700_000_000) && c["exp"] == .number(1_700_000_060))
    }
}
