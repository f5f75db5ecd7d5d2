public import SessionCore
public import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Sign-in of a machine whose platform's token is the grant itself (RFC
/// 7523 §2.1, `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`):
/// servers that trust the platform's issuer for the grant, such as those
/// built on Authlib's `JWTBearerGrant`. (Google's token endpoint takes this
/// grant only with a JWT its service account's own key signed: a platform's
/// token goes to its STS as an exchange instead.)
///
/// The client authenticates as ``OAuthConfiguration`` says (a secret, a key,
/// or none: `client_id` alone). The session keeps the source, never the
/// token; ``TokenRefresher`` renews it by reading a fresh token and running
/// the grant again, once across processes.
///
/// ```swift
/// let flow = JWTBearerFlow(
///     configuration: OAuthConfiguration(metadata: metadata, clientID: "deployer"),
///     assertion: .file("/var/run/secrets/tokens/idp-token"))
/// try await Login(provider: flow).perform(with: store)
/// ```
public struct JWTBearerFlow: CredentialProvider {
    /// The provider, the client and the scopes.
    public let configuration: OAuthConfiguration
    /// Where each platform token is read.
    public let assertion: AssertionSource
    private let transport: (any Transport)?
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - transport: How the requests are sent (to the provider, and to
    ///     GitHub Actions' token service); each ends within
    ///     ``SessionLimits/signInExchangeDeadline``.
    ///   - now: When the request is sent, for the expiry.
    public init(
        configuration: OAuthConfiguration, assertion: AssertionSource, transport: (any Transport)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.assertion = assertion
        self.transport = transport
        self.now = now
    }

    /// Reads a platform token, runs the grant and returns the session it starts.
    ///
    /// - Throws: ``PlatformTokenError/unavailable(source:reason:)`` and its
    ///   kin for a token that cannot be had,
    ///   ``PlatformTokenError/refused(source:code:description:)`` when the
    ///   provider refuses it, another ``SignInError`` for what the provider
    ///   answered, or the `NetworkError` of a transport failure.
    public func credential() async throws -> Credential {
        try await MachineGrants.signIn(
            configuration, MachineSignIn(source: assertion, grant: .jwtBearer), transport: transport, now: now
        )
    }
}
