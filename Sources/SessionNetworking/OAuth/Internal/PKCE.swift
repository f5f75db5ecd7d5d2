import SessionCore
import SessionSupport

/// A PKCE verifier and its S256 challenge (RFC 7636), for the authorization
/// code flow: the code is useless to whoever intercepts the redirect without
/// the verifier, which never leaves this process until the token request.
///
/// ```swift
/// let pkce = PKCE()            // 32 random bytes from the system generator
/// pkce.challenge               // base64url(SHA-256(verifier)), sent with the authorization request
/// pkce.verifier                // sent with the token request
/// ```
package struct PKCE: Sendable, Hashable {
    /// 43 characters: 32 random bytes in base64url.
    package let verifier: String
    /// The S256 challenge of ``verifier``.
    package let challenge: String
    /// Always `S256`: `plain` sends the verifier itself.
    package let method = "S256"

    /// A new verifier from 32 bytes of the system's random generator.
    package init() {
        var generator = SystemRandomNumberGenerator()
        self.init(
            verifier: Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    }

    /// The challenge for a given verifier (RFC 7636 Appendix B uses one).
    package init(verifier: String) {
        self.verifier = verifier
        challenge = Base64URL.sha256(verifier)
    }
}
