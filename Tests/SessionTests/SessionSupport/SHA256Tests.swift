import Foundation
import SessionSupport
import Testing

@testable import SessionCore

/// The portable SHA-256 (the one Linux uses) against the NIST FIPS 180-4
/// examples, and the platform's digest against the same.
@Suite struct SHA256Tests {
    static let vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
        (
            String(repeating: "a", count: 1_000_000),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        ),
        // 55, 56 and 64 bytes: the padding's edge cases.
        (
            String(repeating: "a", count: 55),
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"
        ),
        (
            String(repeating: "a", count: 56),
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"
        ),
        (
            String(repeating: "a", count: 64),
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"
        ),
    ]

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test func thePortableDigestMatchesTheNISTVectors() {
        for (message, digest) in Self.vectors {
            #expect(Self.hex(SHA256.portableDigest(message.utf8)) == digest, "length \(message.utf8.count)")
            #expect(Self.hex(SHA256.digest(message.utf8)) == digest, "length \(message.utf8.count)")
        }
    }

    @Test func fingerprintsTellTokensApartAndHideThem() throws {
        let one = try AuthToken("sk_live_9f8e7d6c5b4a3210")
        let other = try AuthToken("sk_live_9f8e7d6c5b4a3211")
        #expect(one.fingerprint == (try AuthToken("sk_live_9f8e7d6c5b4a3210")).fingerprint)
        #expect(one.fingerprint != other.fingerprint)
        #expect(one.fingerprint.description.hasPrefix("sha256:"))
        #expect(one.fingerprint.description.count == "sha256:".count + 16)
        #expect(!"\(one.fingerprint)".contains("9f8e7d"))
    }
}
