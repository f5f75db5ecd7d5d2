/// Base64url without padding (RFC 4648 §5), as PKCE and JWTs use it.
///
/// ```swift
/// Base64URL.encode([0xFB, 0xFF])   // "-_8"
/// Base64URL.decode("-_8")          // [0xFB, 0xFF]
/// ```
package enum Base64URL {
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_")
            .replacing("=", with: "")
    }

    /// Base64url of the SHA-256 of `text`'s UTF-8: a PKCE challenge (RFC 7636
    /// S256), a DPoP proof's `ath` (RFC 9449), a JWK thumbprint (RFC 7638).
    package static func sha256(_ text: String) -> String {
        encode(SHA256.digest(Array(text.utf8)))
    }

    /// The bytes, or `nil` for text that is not base64url.
    package static func decode(_ text: some StringProtocol) -> Data? {
        var base64 = String(text).replacing("-", with: "+").replacing("_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
