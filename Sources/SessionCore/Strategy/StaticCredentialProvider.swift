/// A provider that always hands out the same credential: for tests, previews,
/// and tokens obtained elsewhere.
///
/// ```swift
/// let login = Login(provider: StaticCredentialProvider(credential))
/// ```
public struct StaticCredentialProvider: CredentialProvider {
    private let value: Credential

    /// A provider that always returns `credential`.
    public init(_ credential: Credential) {
        value = credential
    }

    /// Returns the credential it was made with.
    public func credential() async throws -> Credential { value }
}
