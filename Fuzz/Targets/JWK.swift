// A JWK's JSON from outside. Invariants: an accepted key's public JSON
// reads back as the same public key, its thumbprint is 43 base64url
// characters, and a private P-256 key either makes a signing key whose
// public JWK is the same, or is refused in words.
import SessionNetworking

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let jwk = try? JWK(json: bytes) else { return 0 }
    let again = try? JWK(json: Array(jwk.publicJSON.utf8))
    precondition(again == jwk.publicKey, "the public JSON reads back as another key")
    precondition(jwk.thumbprint.utf8.count == 43, "a thumbprint that is not 43 characters")
    if jwk.isPrivate, let key = try? SigningKey(privateJWK: jwk) {
        precondition(key.publicJWK == jwk.publicKey, "a private JWK made another key")
    }
    return 0
}
