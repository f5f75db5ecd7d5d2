public import SessionCore
public import SessionHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// An identity provider's endpoints, as discovery found and checked them.
///
/// Every endpoint is `https`, or `http` on loopback only, and the document's
/// `issuer` equals the issuer asked for: ``discover(issuer:transport:)``
/// refuses anything else.
///
/// ```swift
/// let metadata = try await ProviderMetadata.discover(issuer: URL(string: "https://login.example.com")!)
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
    /// How the token endpoint lets a client authenticate
    /// (`token_endpoint_auth_methods_supported`); `nil` when the provider
    /// does not say, which RFC 8414 reads as `client_secret_basic`.
    public var tokenEndpointAuthMethods: [String]?
    /// Whether the provider puts `iss` in its authorization responses
    /// (`authorization_response_iss_parameter_supported`, RFC 9207): then a
    /// callback without it is refused.
    public var sendsIssuerInAuthorizationResponse: Bool
    /// Where a browser sign-in's request is pushed first (RFC 9126), so the
    /// browser carries only a reference to it.
    public var pushedAuthorizationRequestEndpoint: URL?
    /// Whether the provider takes authorization requests only by push
    /// (`require_pushed_authorization_requests`).
    public var requiresPushedAuthorizationRequests = false
    /// Where the browser ends the person's session at the provider
    /// (OpenID Connect RP-Initiated Logout 1.0).
    public var endSessionEndpoint: URL?
    /// The issuer as the discovery document spells it, when that differs
    /// from ``issuer`` (which only a known provider's profile allows): the
    /// `iss` its ID tokens name, Microsoft's `{tenantid}` template included.
    public var idTokenIssuer: String?

    /// What is known of the provider beyond its documents, when its issuer
    /// is a known one's (``ProviderProfile/matching(_:)``): the flows read
    /// its scopes, parameters, account claim and server.
    public var profile: ProviderProfile? { ProviderProfile.matching(issuer) }

    /// Endpoints given by hand; each must be `https` or loopback `http`.
    ///
    /// - Throws: ``SignInError/insecureEndpoint(name:)``.
    public init(
        issuer: URL, authorizationEndpoint: URL? = nil, tokenEndpoint: URL,
        deviceAuthorizationEndpoint: URL? = nil, revocationEndpoint: URL? = nil, userinfoEndpoint: URL? = nil,
        tokenEndpointAuthMethods: [String]? = nil, sendsIssuerInAuthorizationResponse: Bool = false,
        pushedAuthorizationRequestEndpoint: URL? = nil, requiresPushedAuthorizationRequests: Bool = false,
        endSessionEndpoint: URL? = nil
    ) throws {
        for (name, url) in [
            ("issuer", issuer), ("authorization endpoint", authorizationEndpoint),
            ("token endpoint", tokenEndpoint),
            ("device authorization endpoint", deviceAuthorizationEndpoint),
            ("revocation endpoint", revocationEndpoint), ("userinfo endpoint", userinfoEndpoint),
            ("pushed authorization request endpoint", pushedAuthorizationRequestEndpoint),
            ("end session endpoint", endSessionEndpoint),
        ] {
            if let url { try OAuthWire.requireSafe(url, name) }
        }
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.userinfoEndpoint = userinfoEndpoint
        self.tokenEndpointAuthMethods = tokenEndpointAuthMethods
        self.sendsIssuerInAuthorizationResponse = sendsIssuerInAuthorizationResponse
        self.pushedAuthorizationRequestEndpoint = pushedAuthorizationRequestEndpoint
        self.requiresPushedAuthorizationRequests = requiresPushedAuthorizationRequests
        self.endSessionEndpoint = endSessionEndpoint
    }

    /// How a client with a secret authenticates here: a known provider's
    /// own way (``ProviderProfile/clientAuthentication``) when it lists it,
    /// else HTTP Basic when the provider lists it (or lists nothing), else
    /// the body when it lists `client_secret_post`.
    ///
    /// - Throws: ``SignInError/unsupportedClientAuthentication`` when it lists neither.
    public func clientAuthenticationMethod() throws -> ClientAuthenticationMethod {
        // A known provider's own way, when the provider does not rule it out.
        if let preferred = profile?.clientAuthentication,
            tokenEndpointAuthMethods?.contains(preferred.rawValue) ?? true
        {
            return preferred
        }
        guard let methods = tokenEndpointAuthMethods else { return .clientSecretBasic }
        for method in [ClientAuthenticationMethod.clientSecretBasic, .clientSecretPost]
        where methods.contains(method.rawValue) {
            return method
        }
        throw SignInError.unsupportedClientAuthentication
    }

    /// A known provider's endpoints as its profile lists them, for one that
    /// publishes no discovery document (GitHub), at `issuer` (by default the
    /// profile's own).
    ///
    /// ```swift
    /// let github = try ProviderMetadata(profile: .github)
    /// ```
    /// - Throws: ``SignInError/missingEndpoint(name:)`` for a profile that
    ///   lists no token endpoint.
    public init(profile: ProviderProfile, issuer: URL? = nil) throws {
        let endpoints = profile.endpoints
        guard let token = endpoints.token else { throw SignInError.missingEndpoint(name: "token endpoint") }
        try self.init(
            issuer: issuer ?? profile.issuer, authorizationEndpoint: endpoints.authorization,
            tokenEndpoint: token,
            deviceAuthorizationEndpoint: endpoints.deviceAuthorization,
            revocationEndpoint: endpoints.revocation,
            userinfoEndpoint: endpoints.userinfo)
    }

    /// Finds a provider's endpoints: OpenID Connect discovery
    /// (`/.well-known/openid-configuration`) first, then the OAuth 2.0
    /// authorization server metadata of RFC 8414
    /// (`/.well-known/oauth-authorization-server`), because real providers
    /// list different endpoints in each. When both answer, the first
    /// supplies the endpoints and the second fills in what it lacks.
    ///
    /// Each document's `issuer` must equal `issuer` character for character
    /// (a trailing slash included), every endpoint must be one a secret may
    /// go to (`https`, or `http` to this machine), each answer is held up to
    /// ``SessionLimits/providerAnswerSize``, and each request ends within
    /// ``SessionLimits/signInExchangeDeadline``.
    ///
    /// A known provider's issuer (``ProviderProfile``) brings what is known
    /// of it: GitHub's endpoints without a request, since it publishes no
    /// document; GitLab's device endpoint where its document lists none;
    /// Microsoft's `{tenantid}` issuer (``ProviderProfile/acceptsDocumentIssuer(_:askedAt:)``);
    /// and every endpoint at the provider's own hosts only.
    ///
    /// ```swift
    /// let metadata = try await ProviderMetadata.discover(issuer: URL(string: "https://login.example.com")!)
    /// ```
    /// - Throws: ``SignInError/discoveryFailed(issuer:reason:)``,
    ///   ``SignInError/issuerMismatch(expected:)``, ``SignInError/insecureEndpoint(name:)``,
    ///   or the `NetworkError` of a transport failure.
    public static func discover(issuer: URL, transport: any Transport = ConnectionSettings().transport())
        async throws
        -> ProviderMetadata
    {
        if let profile = ProviderProfile.matching(issuer), !profile.publishesDiscovery {
            return try ProviderMetadata(profile: profile, issuer: issuer)
        }
        return try await NetworkClient(
            baseURL: issuer,
            transport: DeadlineTransport(transport, limit: SessionLimits.signInExchangeDeadline)
        ).run(ProviderDiscovery(issuer: issuer))
    }

    /// What a session keeps of the provider, for refresh and revocation.
    public func provider(clientID: String) -> OAuthProvider {
        OAuthProvider(
            issuer: issuer, clientID: clientID, tokenEndpoint: tokenEndpoint,
            revocationEndpoint: revocationEndpoint, idTokenIssuer: idTokenIssuer)
    }

    /// Which `iss` this provider's ID tokens may name.
    var idTokenIssuers: IDTokenIssuer { IDTokenIssuer(issuer: issuer, documentIssuer: idTokenIssuer) }
}
