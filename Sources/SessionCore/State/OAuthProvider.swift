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
    /// Whether the session came from the client credentials grant (RFC 6749
    /// §4.4): a client signed in as itself, with no person and no refresh
    /// token. Its token is renewed by running the grant again with the
    /// client's secret, as a refresh would be: under the store's lock, once
    /// across processes.
    public var usesClientCredentials: Bool
    /// The private key a confidential client signs its assertions with
    /// instead of sending a secret (`private_key_jwt`): where it is, never
    /// the key itself.
    public var clientKey: ClientKey?
    /// The issuer as the provider's discovery document spells it, when that
    /// differs from ``issuer``: the `iss` its ID tokens name (Microsoft's
    /// `https://login.microsoftonline.com/{tenantid}/v2.0`, whose
    /// `{tenantid}` each token fills in with its own `tid`, or a tenant's ID
    /// for a tenant asked for by its domain name).
    public var idTokenIssuer: String?
    /// For a machine that signs in with its platform's identity: where each
    /// platform token comes from and how it is spent. Such a session is
    /// renewed by reading a fresh token and running the same grant again.
    public var machine: MachineSignIn?

    /// A provider and its endpoints.
    public init(
        issuer: URL, clientID: String, tokenEndpoint: URL, revocationEndpoint: URL? = nil,
        clientSecret: AuthToken? = nil, clientAuthentication: ClientAuthenticationMethod? = nil,
        redirect: LoopbackRedirect? = nil, usesClientCredentials: Bool = false, clientKey: ClientKey? = nil,
        idTokenIssuer: String? = nil
    ) {
        self.idTokenIssuer = idTokenIssuer
        self.clientKey = clientKey
        self.issuer = issuer
        self.clientID = clientID
        self.tokenEndpoint = tokenEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.clientSecret = clientSecret
        self.clientAuthentication = clientAuthentication
        self.redirect = redirect
        self.usesClientCredentials = usesClientCredentials
    }

    private enum CodingKeys: String, CodingKey {
        case issuer, clientID, tokenEndpoint, revocationEndpoint, clientSecret, clientAuthentication, redirect
        case clientKey, idTokenIssuer, machine
        case usesClientCredentials = "clientCredentials"
    }

    /// Decodes the value; a value written before ``usesClientCredentials``
    /// existed is a provider that does not use it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            issuer: try container.decode(URL.self, forKey: .issuer),
            clientID: try container.decode(String.self, forKey: .clientID),
            tokenEndpoint: try container.decode(URL.self, forKey: .tokenEndpoint),
            revocationEndpoint: try container.decodeIfPresent(URL.self, forKey: .revocationEndpoint),
            clientSecret: try container.decodeIfPresent(AuthToken.self, forKey: .clientSecret),
            clientAuthentication: try container.decodeIfPresent(
                ClientAuthenticationMethod.self, forKey: .clientAuthentication),
            redirect: try container.decodeIfPresent(LoopbackRedirect.self, forKey: .redirect),
            usesClientCredentials: try container.decodeIfPresent(Bool.self, forKey: .usesClientCredentials)
                ?? false,
            clientKey: try container.decodeIfPresent(ClientKey.self, forKey: .clientKey),
            idTokenIssuer: try container.decodeIfPresent(String.self, forKey: .idTokenIssuer))
        machine = try container.decodeIfPresent(MachineSignIn.self, forKey: .machine)
    }

    /// Whether the client has a secret or a key (a confidential client), or
    /// proves itself with its platform's token (``MachineGrant/clientAssertion``).
    public var isConfidential: Bool {
        clientSecret != nil || clientKey != nil || machine?.grant == .clientAssertion
    }

    /// What is known of the provider (``ProviderProfile/matching(_:)``), if it is a known one.
    public var profile: ProviderProfile? { ProviderProfile.matching(issuer) }
}

/// Where a confidential client's private key is, for `private_key_jwt`
/// (RFC 7523): a PEM file (P-256 or RSA, unencrypted, readable by its owner
/// only) and the key's ID at the provider, if it has several.
///
/// A session keeps the path, as it keeps a CA file's: the key stays in its
/// file, so a fleet of machines can each hold its own, with no shared secret.
public struct ClientKey: Sendable, Hashable, Codable {
    /// The absolute path of the PEM private key.
    public var path: String
    /// The `kid` the provider knows the key by, sent in each assertion's header.
    public var keyID: String?
    /// What each assertion's `aud` names.
    public var audience: Audience

    /// What a client assertion's `aud` names. Providers differ: OpenID
    /// Connect Core §9 and most providers take the endpoint's URL (Glewlwyd
    /// takes nothing else); the FAPI 2.0 Security Profile asks for the
    /// issuer identifier, as a string.
    public enum Audience: String, Sendable, Hashable, Codable, CaseIterable {
        /// The URL of the endpoint the assertion goes to.
        case endpoint
        /// The provider's issuer identifier (FAPI 2.0).
        case issuer
    }

    /// A key at `path` (absolute), known to the provider as `keyID`.
    public init(path: String, keyID: String? = nil, audience: Audience = .endpoint) {
        self.path = path
        self.keyID = keyID
        self.audience = audience
    }
}
