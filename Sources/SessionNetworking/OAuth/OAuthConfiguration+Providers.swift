public import SessionCore
public import SessionHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Ready configurations for the providers most people sign in at
/// (``ProviderProfile``): their endpoints, and the ways each bends the
/// standard, without a line about either in the app.
extension OAuthConfiguration {
    /// Signing in at GitHub with an OAuth app or a GitHub App (with the
    /// device flow enabled in its settings for ``DeviceAuthorizationFlow``).
    /// GitHub publishes no discovery document, so nothing is sent to build it.
    ///
    /// ```swift
    /// let flow = DeviceAuthorizationFlow(configuration: try .github(clientID: "Iv1.0123456789abcdef")) { prompt in
    ///     print("Open", prompt.verificationURI, "and enter", prompt.userCode)
    /// }
    /// ```
    /// - Parameters:
    ///   - clientID: The app's client ID.
    ///   - clientSecret: Its secret, for the browser's code exchange of an
    ///     OAuth app; the device flow needs none.
    ///   - scopes: What to ask for (`repo`, `read:org`); a GitHub App's
    ///     permissions are set in its settings instead.
    public static func github(clientID: String, clientSecret: AuthToken? = nil, scopes: [String] = []) throws
        -> OAuthConfiguration
    {
        OAuthConfiguration(
            metadata: try ProviderMetadata(profile: .github), clientID: clientID, clientSecret: clientSecret,
            scopes: scopes)
    }

    /// Signing in at a known provider: its discovery document (GitHub has
    /// none), what it does not list filled in from its profile.
    ///
    /// ```swift
    /// let google = try await OAuthConfiguration.signIn(
    ///     at: .google, clientID: "123-abc.apps.googleusercontent.com", clientSecret: try AuthToken(secret))
    /// ```
    /// - Parameters:
    ///   - profile: The provider.
    ///   - issuer: Its issuer, when not the profile's own: a Microsoft
    ///     tenant, `https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0`.
    ///   - clientID: The client registered there.
    ///   - clientSecret: Its secret, when the provider gave one (Google's
    ///     installed apps have one, and must send it).
    ///   - scopes: What to ask for; the profile's defaults when empty.
    ///   - transport: How discovery is sent.
    /// - Throws: The errors of ``ProviderMetadata/discover(issuer:transport:)``.
    public static func signIn(
        at profile: ProviderProfile, issuer: URL? = nil, clientID: String, clientSecret: AuthToken? = nil,
        scopes: [String] = [], transport: any Transport = ConnectionSettings().transport()
    ) async throws -> OAuthConfiguration {
        OAuthConfiguration(
            metadata: try await ProviderMetadata.discover(
                issuer: issuer ?? profile.issuer, transport: transport),
            clientID: clientID, clientSecret: clientSecret, scopes: scopes)
    }
}
