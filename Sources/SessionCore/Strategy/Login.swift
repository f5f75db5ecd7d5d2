#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The "Log in" button: blue; pressing it gets a credential from the provider
/// and saves it.
///
/// ```swift
/// let state = try await Login(provider: StaticCredentialProvider(credential))
///     .perform(with: store)   // .loggedIn(credential)
/// ```
public struct Login: LoginStrategy {
    private let provider: any CredentialProvider
    private static let label = LocalizedLabel(english: "Log in", japanese: "ログイン")

    /// - Parameter provider: Where the credential comes from: a sign-in
    ///   screen, an OAuth flow, a token read from standard input.
    public init(provider: any CredentialProvider) {
        self.provider = provider
    }

    /// What the button does.
    public var action: LoginAction { .logIn }
    /// The color token the button is drawn in.
    public var color: ColorToken { .blue }
    /// The button's label: Japanese for a Japanese locale, English otherwise.
    public func label(for locale: Locale) -> String { Self.label.text(for: locale) }

    /// The label for a language code: "ログイン" for `ja`, "Log in" otherwise.
    public func label(forLanguage code: String) -> String { Self.label.text(forLanguage: code) }

    /// Asks the provider for a credential and saves it, replacing any
    /// session, then tells the provider how it went
    /// (``CredentialProvider/loginFinished(_:)``).
    ///
    /// - Throws: What the provider or the store throws. Nothing is saved then.
    public func perform(with repository: any LoginStateRepository) async throws -> LoginState {
        let credential = try await provider.credential()
        do {
            try await repository.calling { try $0.save(credential) }
        } catch {
            await provider.loginFinished(.failure(error))
            throw error
        }
        await provider.loginFinished(.success(credential))
        return .loggedIn(credential)
    }
}
