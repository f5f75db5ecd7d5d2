/// The provider behind the Login button of a usecase made without one.
struct MissingCredentialProvider: CredentialProvider {
    func credential() async throws -> Credential { throw LoginUsecaseError.noCredentialProvider }
}
