public import SessionCore
public import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Sign-in of a client as itself, with no person: the client credentials
/// grant (RFC 6749 §4.4), for CI jobs and services.
///
/// The client must be confidential: the grant is its secret, its key
/// (``OAuthConfiguration/clientKey``), or its platform's token as its
/// assertion (``OAuthConfiguration/clientAssertion``, RFC 7523 §2.2: a CI
/// job or a pod with no secret at all). The session's
/// account is the client ID. There is no refresh token: when the token is
/// due, ``TokenRefresher`` runs the grant again with the secret kept in the
/// session (``OAuthProvider/usesClientCredentials``), under the store's
/// lock, once across processes, exactly as it refreshes. A logout revokes
/// the access token.
///
/// ```swift
/// let metadata = try await ProviderMetadata.discover(issuer: issuer)
/// let machine = ClientCredentialsFlow(
///     configuration: OAuthConfiguration(
///         metadata: metadata, clientID: "ci-deployer", clientSecret: try AuthToken(secret), scopes: ["deploy"]))
/// try await Login(provider: machine).perform(with: store)
/// ```
public struct ClientCredentialsFlow: CredentialProvider {
    /// The provider, the client (with its secret) and the scopes.
    public let configuration: OAuthConfiguration
    /// The transport given; the configuration's connection when `nil`.
    private let transport: (any Transport)?
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - configuration: The provider, the confidential client and the scopes.
    ///   - transport: How the request is sent; it ends within ``SessionLimits/signInExchangeDeadline``.
    ///   - now: When the request is sent, for the expiry.
    public init(
        configuration: OAuthConfiguration, transport: (any Transport)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.now = now
    }

    /// Runs the grant and returns the session it starts.
    ///
    /// - Throws: ``SignInError/clientSecretRequired`` for a client without a
    ///   secret, key or assertion source, another ``SignInError`` for what
    ///   the provider answered, ``PlatformTokenError`` for a platform token
    ///   that cannot be had or is refused, or the `NetworkError` of a
    ///   transport failure.
    public func credential() async throws -> Credential {
        if let source = configuration.clientAssertion {
            return try await MachineGrants.signIn(
                configuration, MachineSignIn(source: source, grant: .clientAssertion), transport: transport,
                now: now)
        }
        guard configuration.clientSecret != nil || configuration.clientKey != nil else {
            throw SignInError.clientSecretRequired
        }
        var provider = try configuration.provider()
        provider.usesClientCredentials = true
        let binding = try configuration.newBinding()
        let client = try configuration.client(dpop: binding)
        let endpoint = configuration.metadata.tokenEndpoint
        return try await MachineGrants.run(
            try ClientCredentialsGrant.request(client, endpoint, scopes: configuration.scopes),
            client: client,
            provider: provider, configuration: configuration, binding: binding,
            transport: transport ?? configuration.connection.transport(), now: now,
            failure: TokenGrant.Answer.failure)
    }
}

/// The client credentials grant's request, for a sign-in and for a renewal.
enum ClientCredentialsGrant {
    static func request(_ client: ClientCredentials, _ endpoint: URL, scopes: [String]) throws -> Outgoing {
        var fields = [("grant_type", "client_credentials")]
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        return try client.formPost(to: endpoint, fields)
    }
}
