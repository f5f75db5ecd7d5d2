import Foundation
import Session

/// Sign in with the device flow, as a command-line tool or a TV app does:
/// find the provider's endpoints, show the user code, wait while the person
/// approves it in any browser, then save the session.
///
/// - Parameters:
///   - issuer: The provider, for example `https://login.example.com`.
///   - clientID: A client registered for the device grant.
///   - deviceEndpoint: The device authorization endpoint, for a provider
///     whose discovery documents list none.
///   - store: Where the session is saved.
///   - show: Shows the code and where to enter it.
/// - Returns: The state after the login: `.loggedIn`.
func signInWithTheDeviceFlow(
    issuer: URL, clientID: String, deviceEndpoint: URL? = nil, store: any LoginStateRepository,
    show: @escaping @Sendable (DeviceAuthorizationFlow.Prompt) -> Void
) async throws -> LoginState {
    var metadata = try await ProviderMetadata.discover(issuer: issuer)
    if let deviceEndpoint { metadata.deviceAuthorizationEndpoint = deviceEndpoint }
    let configuration = OAuthConfiguration(
        metadata: metadata, clientID: clientID, scopes: ["openid", "profile"])
    let flow = DeviceAuthorizationFlow(configuration: configuration, onPrompt: show)
    return try await Login(provider: flow).perform(with: store)
}
