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

/// A provider that always hands out the same credential: for tests, previews,
/// and tokens obtained elsewhere.
///
/// ```swift
/// let login = Login(provider: StaticCredentialProvider(credential))
/// ```
public struct StaticCredentialProvider: CredentialProvider {
    private let value: Credential

    public init(_ credential: Credential) {
        value = credential
    }

    public func credential() async throws -> Credential { value }
}
