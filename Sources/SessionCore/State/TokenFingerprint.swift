import SessionSupport

/// Which token a request carried, without the token: the first 16 bytes of
/// its SHA-256.
///
/// A request remembers the fingerprint of the token it was sent with, so a
/// late 401 can be matched against the token stored *now*: a 401 for a token
/// that has since been replaced must not end the newer session. The
/// fingerprint can be logged; it does not reveal the token.
///
/// ```swift
/// let sent = credential.token.fingerprint
/// if try store.load().credential?.token.fingerprint == sent { /* still the same session */ }
/// print(sent)   // sha256:3f2a9c…
/// ```
public struct TokenFingerprint: Sendable, Hashable, CustomStringConvertible {
    private let bytes: [UInt8]

    /// The fingerprint of `token`.
    public init(_ token: AuthToken) {
        bytes = Array(SHA256.digest(token.value.utf8).prefix(16))
    }

    /// `sha256:` and the first 8 bytes in hex: enough to tell tokens apart in a log.
    public var description: String {
        "sha256:" + bytes.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

extension AuthToken {
    /// The token's ``TokenFingerprint``: what a request records instead of the token.
    public var fingerprint: TokenFingerprint { TokenFingerprint(self) }
}
