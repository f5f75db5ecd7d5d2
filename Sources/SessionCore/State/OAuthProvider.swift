public import Foundation

/// The identity provider a session came from: what refresh and logout need,
/// kept in the session so that neither needs flags.
///
/// ```swift
/// let provider = OAuthProvider(
///     issuer: URL(string: "https://login.example.com")!, clientID: "my-cli",
///     tokenEndpoint: URL(string: "https://login.example.com/oauth/token")!,
///     revocationEndpoint: URL(string: "https://login.example.com/oauth/revoke"))
/// ```
public struct OAuthProvider: Sendable, Hashable, Codable {
    /// The issuer identifier, exactly as discovery confirmed it.
    public var issuer: URL
    /// The client ID the session was issued to.
    public var clientID: String
    /// Where tokens are refreshed.
    public var tokenEndpoint: URL
    /// Where a grant is revoked at logout (RFC 7009), if the provider has one.
    public var revocationEndpoint: URL?

    /// A provider and its endpoints.
    public init(issuer: URL, clientID: String, tokenEndpoint: URL, revocationEndpoint: URL? = nil) {
        self.issuer = issuer
        self.clientID = clientID
        self.tokenEndpoint = tokenEndpoint
        self.revocationEndpoint = revocationEndpoint
    }
}
