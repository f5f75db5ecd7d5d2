public import Foundation
public import SessionCore

/// An identity provider's endpoints, as discovery found and checked them.
///
/// Every endpoint is `https`, or `http` on loopback only, and the document's
/// `issuer` equals the issuer asked for: ``ProviderDiscovery`` refuses
/// anything else.
///
/// ```swift
/// let metadata = try await client.run(ProviderDiscovery(issuer: issuer))
/// metadata.deviceAuthorizationEndpoint   // nil for providers that do not list it
/// ```
public struct ProviderMetadata: Sendable, Hashable {
    /// The issuer identifier.
    public var issuer: URL
    /// Where the browser is sent to sign in (authorization code flow).
    public var authorizationEndpoint: URL?
    /// Where codes and refresh tokens are exchanged for tokens.
    public var tokenEndpoint: URL
    /// Where the device flow starts (RFC 8628).
    public var deviceAuthorizationEndpoint: URL?
    /// Where grants are revoked (RFC 7009).
    public var revocationEndpoint: URL?
    /// Where the account's claims are read (OpenID Connect).
    public var userinfoEndpoint: URL?

    /// Endpoints given by hand; each must be `https` or loopback `http`.
    ///
    /// - Throws: ``SignInError/insecureEndpoint(name:)``.
    public init(
        issuer: URL, authorizationEndpoint: URL? = nil, tokenEndpoint: URL,
        deviceAuthorizationEndpoint: URL? = nil, revocationEndpoint: URL? = nil, userinfoEndpoint: URL? = nil
    ) throws {
        for (name, url) in [
            ("issuer", issuer), ("authorization endpoint", authorizationEndpoint),
            ("token endpoint", tokenEndpoint),
            ("device authorization endpoint", deviceAuthorizationEndpoint),
            ("revocation endpoint", revocationEndpoint), ("userinfo endpoint", userinfoEndpoint),
        ] {
            if let url { try OAuthWire.requireSafe(url, name) }
        }
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.userinfoEndpoint = userinfoEndpoint
    }

    /// What a session keeps of the provider, for refresh and revocation.
    public func provider(clientID: String) -> OAuthProvider {
        OAuthProvider(
            issuer: issuer, clientID: clientID, tokenEndpoint: tokenEndpoint,
            revocationEndpoint: revocationEndpoint)
    }
}
