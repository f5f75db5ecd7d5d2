/// How a confidential client presents its secret to the token and
/// revocation endpoints (RFC 6749 §2.3.1, OpenID Connect Core §9).
///
/// ```swift
/// let method = ClientAuthenticationMethod(rawValue: "client_secret_post")   // .clientSecretPost
/// ```
public enum ClientAuthenticationMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// HTTP Basic with the form-encoded client ID and secret: what every
    /// provider must accept, so the first choice.
    case clientSecretBasic = "client_secret_basic"
    /// `client_id` and `client_secret` in the form body.
    case clientSecretPost = "client_secret_post"
    /// A JWT signed with the client's private key (RFC 7523 §2.2): no
    /// secret is sent at all (``OAuthProvider/clientKey``).
    case privateKeyJWT = "private_key_jwt"
}
