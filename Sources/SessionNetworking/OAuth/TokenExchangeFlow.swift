public import SessionCore
public import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Sign-in of a machine that trades its platform's token for the provider's
/// own: a token exchange (RFC 8693), with the platform's token as the
/// subject token. Google's Security Token Service (`external_account`) and
/// Keycloak's standard token exchange take it.
///
/// The client authenticates as ``OAuthConfiguration`` says (a secret, a
/// key, or none). Every answer must say what it issued
/// (`issued_token_type`, §2.2.1) and be a Bearer or DPoP access token. The
/// session keeps the source and the exchange's parameters; a renewal runs
/// the exchange again with a fresh subject token.
///
/// ```swift
/// let flow = TokenExchangeFlow(
///     configuration: OAuthConfiguration(metadata: metadata, clientID: "ci"),
///     subjectToken: .githubActions(audience: "https://sts.example.com"),
///     exchange: TokenExchange(audiences: ["https://api.example.com"]))
/// ```
public struct TokenExchangeFlow: CredentialProvider {
    /// The provider, the client and the scopes.
    public let configuration: OAuthConfiguration
    /// Where each subject token is read.
    public let subjectToken: AssertionSource
    /// The subject token's type and what is asked for.
    public let exchange: TokenExchange
    private let transport: (any Transport)?
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - transport: How the requests are sent; each ends within
    ///     ``SessionLimits/signInExchangeDeadline``.
    ///   - now: When the request is sent, for the expiry.
    public init(
        configuration: OAuthConfiguration, subjectToken: AssertionSource,
        exchange: TokenExchange = TokenExchange(),
        transport: (any Transport)? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.subjectToken = subjectToken
        self.exchange = exchange
        self.transport = transport
        self.now = now
    }

    /// Reads a subject token, runs the exchange and returns the session it starts.
    ///
    /// - Throws: As ``JWTBearerFlow/credential()``; an answer without
    ///   `issued_token_type` is ``SignInError/invalidResponse(from:reason:)``.
    public func credential() async throws -> Credential {
        try await MachineGrants.signIn(
            configuration, MachineSignIn(source: subjectToken, grant: .tokenExchange(exchange)),
            transport: transport, now: now)
    }
}
