#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The "Log out" button: red; pressing it clears the store.
///
/// ```swift
/// try await Logout().perform(with: store)   // .loggedOut
/// ```
public struct Logout: LoginStrategy {
    private static let label = LocalizedLabel(english: "Log out", japanese: "ログアウト")

    /// The Log out button.
    public init() {}

    /// What the button does.
    public var action: LoginAction { .logOut }
    /// The color token the button is drawn in.
    public var color: ColorToken { .red }
    /// The button's label: Japanese for a Japanese locale, English otherwise.
    public func label(for locale: Locale) -> String { Self.label.text(for: locale) }

    /// The label for a language code: "ログアウト" for `ja`, "Log out" otherwise.
    public func label(forLanguage code: String) -> String { Self.label.text(forLanguage: code) }

    /// Clears the session. Logging out with no session succeeds.
    public func perform(with repository: any LoginStateRepository) async throws -> LoginState {
        try await repository.calling { try $0.clear() }
        return .loggedOut
    }
}
