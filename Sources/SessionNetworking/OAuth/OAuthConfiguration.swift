public import SessionCore
import SessionSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Everything a sign-in flow needs to know about the provider and the
/// client: one value that every flow takes, as golang/oauth2's `Config` is.
///
/// ```swift
/// let metadata = try await ProviderMetadata.discover(issuer: issuer)
/// let configuration = OAuthConfiguration(metadata: metadata, clientID: "my-cli", scopes: ["openid", "email"])
/// let device = DeviceAuthorizationFlow(configuration: configuration) { prompt in print(prompt.userCode) }
/// ```
public struct OAuthConfiguration: Sendable {
    /// The provider's endpoints, as discovery found them.
    public var metadata: ProviderMetadata
    /// The client ID registered at the provider.
    public var clientID: String
    /// The client's secret, for a confidential client (some providers give
    /// even installed apps one); `nil` for a public client.
    public var clientSecret: AuthToken?
    /// The scopes to ask for.
    public var scopes: [String]
    /// Where the session's token may go; the issuer's origin when `nil`.
    public var server: URL?
    /// The CA file and client certificate for the provider and the server,
    /// kept with the session it signs in (``Credential/connection``); the
    /// flows' transport by default.
    public var connection: ConnectionSettings
    /// The private key a confidential client proves itself with instead of
    /// a secret (`private_key_jwt`, RFC 7523): kept by path with the session
    /// for its refreshes and revocation.
    public var clientKey: ClientKey?
    /// For the client credentials grant: a platform's token the client
    /// proves itself with instead of a secret or a key (RFC 7523 §2.2,
    /// Microsoft Entra's workload identity federation), read fresh for the
    /// sign-in and each renewal; the session keeps the source.
    public var clientAssertion: AssertionSource?
    /// Whether the session's tokens are bound to a new key of its own by
    /// DPoP (RFC 9449): every flow then makes a P-256 key, proves it on
    /// each request to the token endpoint, and keeps it as a secret of the
    /// session; ``AuthTokenHeaderBehavior`` signs each request with it.
    public var usesDPoP = false

    /// - Parameters:
    ///   - metadata: The provider's endpoints.
    ///   - clientID: The client ID registered at the provider.
    ///   - clientSecret: The client's secret, when it has one.
    ///   - scopes: The scopes to ask for.
    ///   - server: Where the session's token may go; the issuer's origin when `nil`.
    ///   - connection: The CA file and client certificate for the provider and the server.
    public init(
        metadata: ProviderMetadata, clientID: String, clientSecret: AuthToken? = nil, scopes: [String] = [],
        server: URL? = nil, connection: ConnectionSettings = ConnectionSettings()
    ) {
        self.connection = connection
        self.metadata = metadata
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scopes = scopes
        self.server = server
    }

    /// The scopes a person's sign-in asks for: ``scopes``, or a known
    /// provider's defaults when there are none, with the scopes it needs
    /// for a refresh token and the account (``ProviderProfile/scopes(given:)``).
    public var requestedScopes: [String] { metadata.profile?.scopes(given: scopes) ?? scopes }

    /// Whether the scopes ask for OpenID Connect, which brings an ID token
    /// and, in the browser flow, a nonce.
    public var isOpenIDConnect: Bool { requestedScopes.contains("openid") }

    /// What the session keeps of the provider, for refresh and logout.
    ///
    /// - Throws: ``SignInError/unsupportedClientAuthentication`` for a secret
    ///   the provider accepts in no way this client knows.
    func provider(redirect: LoopbackRedirect? = nil) throws -> OAuthProvider {
        OAuthProvider(
            issuer: metadata.issuer, clientID: clientID, tokenEndpoint: metadata.tokenEndpoint,
            revocationEndpoint: metadata.revocationEndpoint,
            clientSecret: clientKey == nil ? clientSecret : nil,
            clientAuthentication: clientKey != nil
                ? .privateKeyJWT : try clientSecret.map { _ in try metadata.clientAuthenticationMethod() },
            redirect: redirect, clientKey: clientKey, idTokenIssuer: metadata.idTokenIssuer)
    }

    /// How the client authenticates at the token endpoint, and the key it proves for a bound session.
    func client(dpop binding: DPoPKey.Binding? = nil) throws -> ClientCredentials {
        ClientCredentials(try provider(), dpopKey: binding?.key)
    }

    /// A new DPoP key for a sign-in, when ``usesDPoP`` asks for one.
    func newBinding() throws -> DPoPKey.Binding? {
        usesDPoP ? try DPoPKey.make() : nil
    }

    /// The session a grant starts.
    ///
    /// - Parameters:
    ///   - claims: The claims that may name the account: userinfo's, then
    ///     the checked ID token's.
    ///   - sentAt: When the token request was sent; the expiry counts from then.
    ///   - binding: The sign-in's DPoP key, when the tokens must be bound to it.
    func session(
        _ grant: TokenGrant, claims: [JSONObject], sentAt: Date, redirect: LoopbackRedirect? = nil,
        binding: DPoPKey.Binding? = nil
    ) throws -> Credential {
        try grant.requireBinding(binding != nil)
        var credential = Credential(
            token: grant.accessToken, refreshToken: grant.refreshToken,
            account: AccountClaims.name(in: claims, preferring: metadata.profile?.accountClaim),
            server: sessionServer,
            issuedAt: sentAt,
            expiresAt: grant.expiry(sentAt: sentAt), scopes: grant.scopes ?? requestedScopes,
            provider: try provider(redirect: redirect), connection: connection)
        // Checked by the flow before its claims were read.
        credential.idToken = grant.idToken.flatMap { try? AuthToken($0) }
        binding?.bind(&credential)
        return credential
    }

    /// Where the session's token may go: ``server``, else a known
    /// provider's API (``ProviderProfile/server``), else the issuer's origin.
    var sessionServer: URL? {
        server ?? metadata.profile?.server ?? Origin(metadata.issuer).flatMap { URL(string: $0.description) }
    }
}
