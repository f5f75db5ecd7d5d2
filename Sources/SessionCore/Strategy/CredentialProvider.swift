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
}
