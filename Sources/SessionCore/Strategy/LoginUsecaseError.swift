#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Why ``LoginUsecase`` could not do what its button says.
///
/// ```swift
/// do { _ = try await LoginUsecase(repository: store).loginOrLogout() }
/// catch LoginUsecaseError.noCredentialProvider { showSignInScreen() }
/// ```
public enum LoginUsecaseError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The usecase was made with ``LoginUsecase/init(repository:now:)``, which
    /// decides the button but has no ``CredentialProvider`` to log in with.
    case noCredentialProvider

    /// The message, naming what to do.
    public var description: String {
        switch self {
        case .noCredentialProvider:
            "this LoginUsecase has no CredentialProvider, so it cannot log in; "
                + "make it with init(repository:provider:now:)"
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
