public import Foundation

/// One of the two things a login button can be: its action, its label, its
/// color, and what pressing it does.
///
/// A view never asks whether the user is logged in. It asks ``LoginUsecase``
/// for the strategy and draws what the strategy says:
///
/// ```swift
/// let strategy = try usecase.strategy()
/// button.title = strategy.label(for: .current)
/// button.tint = palette[strategy.color]
/// button.onTap = { try await usecase.loginOrLogout() }
/// ```
public protocol LoginStrategy: Sendable {
    /// What the button does.
    var action: LoginAction { get }
    /// The color token the button is drawn in.
    var color: ColorToken { get }
    /// The button's label: Japanese for a Japanese locale, English otherwise.
    func label(for locale: Locale) -> String
    /// Does what the button says and returns the state it leaves the store in.
    func perform(with repository: any LoginStateRepository) async throws -> LoginState
}
