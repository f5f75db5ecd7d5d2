public import SessionCore
public import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Sign-in with the device authorization grant (RFC 8628), as `gh auth login`
/// does it: the provider gives a short code, the user enters it in a browser
/// anywhere, and the flow polls until the sign-in is approved.
///
/// It waits the provider's `interval` (5 s when it names none) *before* the
/// first poll and between polls, adds 5 s at each `slow_down`, and stops when
/// the code expires (``SignInError/deviceCodeExpired``) or the user says no
/// (``SignInError/accessDenied``). Each exchange with the provider ends
/// within ``SessionLimits/signInExchangeDeadline``.
///
/// A flow is a ``CredentialProvider``, so ``Login`` and ``LoginUsecase``
/// sign in with it unchanged:
///
/// ```swift
/// let metadata = try await ProviderMetadata.discover(issuer: issuer)
/// let flow = DeviceAuthorizationFlow(
///     configuration: OAuthConfiguration(metadata: metadata, clientID: "my-cli", scopes: ["openid"])
/// ) { prompt in
///     print("Open", prompt.verificationURI, "and enter", prompt.userCode)
/// }
/// try await Login(provider: flow).perform(with: store)
/// ```
public struct DeviceAuthorizationFlow: CredentialProvider {
    /// What the user needs to approve the sign-in.
    public struct Prompt: Sendable, Hashable {
        /// The code to enter. Printable ASCII only: checked before it is shown.
        public let userCode: String
        /// Where to enter it (`https`, or `http` on loopback).
        public let verificationURI: URL
        /// A link with the code in it, if the provider gives one.
        public let verificationURIComplete: URL?
        /// Seconds until the code expires.
        public let expiresIn: Int
    }

    /// The provider, the client and the scopes.
    public let configuration: OAuthConfiguration
    private let transport: any Transport
    private let clock: any SequenceClock
    private let now: @Sendable () -> Date
    private let onPrompt: @Sendable (Prompt) -> Void

    /// - Parameters:
    ///   - configuration: The provider (it needs a device authorization
    ///     endpoint), the client registered for the device grant, the scopes.
    ///   - transport: How requests are sent; by default as the configuration's
    ///     ``OAuthConfiguration/connection`` says.
    ///   - clock: What the waits between polls sleep on: `nil` for the system's clock.
    ///   - now: When requests are sent, for the expiry.
    ///   - onPrompt: Shows the user code and where to enter it.
    public init(
        configuration: OAuthConfiguration, transport: (any Transport)? = nil,
        clock: (any SequenceClock)? = nil, now: @escaping @Sendable () -> Date = { Date() },
        onPrompt: @escaping @Sendable (Prompt) -> Void
    ) {
        self.configuration = configuration
        self.transport = transport ?? configuration.connection.transport()
        self.clock = clock ?? SystemSequenceClock()
        self.now = now
        self.onPrompt = onPrompt
    }

    /// Runs the whole sign-in and returns the session it starts.
    ///
    /// - Throws: ``SignInError``, or the `NetworkError` of a transport
    ///   failure or cancellation.
    public func credential() async throws -> Credential {
        try await NetworkClient(
            baseURL: configuration.metadata.issuer,
            transport: DeadlineTransport(transport, limit: SessionLimits.signInExchangeDeadline), clock: clock
        ).run(sequence(binding: try configuration.newBinding()))
    }

    /// The request sequence the flow runs: what a test drives with recorded answers.
    package var sequence: DeviceAuthorizationSequence { sequence(binding: nil) }

    /// The request sequence, binding the tokens to `binding`'s key.
    package func sequence(binding: DPoPKey.Binding?) -> DeviceAuthorizationSequence {
        DeviceAuthorizationSequence(
            configuration: configuration, binding: binding, now: now, onPrompt: onPrompt)
    }
}
