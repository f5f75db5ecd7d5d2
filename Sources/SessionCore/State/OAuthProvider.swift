#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The identity provider a session came from: what refresh and logout need,
/// kept in the session so that neither needs flags.
///
/// A confidential client (one the provider gave a secret) keeps its secret
/// here too, because every refresh and revocation must present it. The
/// secret is an ``AuthToken``, so printing a provider never shows it.
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
    /// The client's secret, for a confidential client; `nil` for a public one.
    public var clientSecret: AuthToken?
    /// How the secret is presented (RFC 6749 §2.3.1); `nil` means HTTP Basic,
    /// the method every provider must support.
    public var clientAuthentication: ClientAuthenticationMethod?
    /// The loopback redirect a browser sign-in used, when it was fixed
    /// (`--callback-host`, `--callback-port`), so a later sign-in reuses it.
    public var redirect: LoopbackRedirect?

    /// A provider and its endpoints.
    public init(
        issuer: URL, clientID: String, tokenEndpoint: URL, revocationEndpoint: URL? = nil,
        clientSecret: AuthToken? = nil, clientAuthentication: ClientAuthenticationMethod? = nil,
        redirect: LoopbackRedirect? = nil
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.tokenEndpoint = tokenEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.clientSecret = clientSecret
        self.clientAuthentication = clientAuthentication
        self.redirect = redirect
    }

    /// Whether the client has a secret (a confidential client).
    public var isConfidential: Bool { clientSecret != nil }
}
