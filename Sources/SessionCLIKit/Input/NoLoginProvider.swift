public import SessionCore

/// The provider for commands that show the Login button but never press it
/// (`status`, `api`): ``LoginUsecase`` needs one to build the strategy.
public struct NoLoginProvider: CredentialProvider {
    public init() {}

    public func credential() async throws -> Credential {
        throw CLIError("this command does not log in; run 'session-cli login'", code: .usage)
    }
}
