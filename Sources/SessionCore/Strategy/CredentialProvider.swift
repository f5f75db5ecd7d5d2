/// Where a ``Login`` gets its credential: a sign-in form, an OAuth flow, a
/// token pasted into a terminal.
///
/// ```swift
/// struct PasswordProvider: CredentialProvider {
///     let api: AuthAPI
///     func credential() async throws -> Credential { try await api.signIn() }
/// }
/// ```
public protocol CredentialProvider: Sendable {
    /// Produces a fresh credential, or throws to abandon the login.
    func credential() async throws -> Credential
    /// Hears how the login ended: the credential once it is saved, or why
    /// it was not (the provider's own error, or the store's). A browser
    /// sign-in tells the browser only then, so its page never says more than
    /// is true. The default does nothing.
    func loginFinished(_ outcome: Result<Credential, any Error>) async
}

extension CredentialProvider {
    /// Does nothing.
    public func loginFinished(_ outcome: Result<Credential, any Error>) async {}
}
