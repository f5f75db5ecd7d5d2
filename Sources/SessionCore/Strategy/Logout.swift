public import Foundation

/// The "Log out" button: red; pressing it clears the store.
///
/// ```swift
/// try await Logout().perform(with: store)   // .loggedOut
/// ```
public struct Logout: LoginStrategy {
    private static let label = LocalizedLabel(english: "Log out", japanese: "ログアウト")

    public init() {}

    public var action: LoginAction { .logOut }
    public var color: ColorToken { .red }
    public func label(for locale: Locale) -> String { Self.label.text(for: locale) }

    /// Clears the session. Logging out with no session succeeds.
    public func perform(with repository: any LoginStateRepository) async throws -> LoginState {
        try repository.clear()
        return .loggedOut
    }
}
