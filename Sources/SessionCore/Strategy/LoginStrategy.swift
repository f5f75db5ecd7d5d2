#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

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
    /// The button's label for a language code (`en`, `ja`, or a POSIX locale
    /// name such as `ja_JP.UTF-8`): Japanese for Japanese, English otherwise.
    /// Needs no locale data, so it works where Foundation's `Locale` cannot
    /// resolve identifiers (a program that links only FoundationEssentials).
    func label(forLanguage code: String) -> String
    /// Does what the button says and returns the state it leaves the store in.
    func perform(with repository: any LoginStateRepository) async throws -> LoginState
}

extension LoginStrategy {
    /// The label for `Locale(identifier: code)`, for a strategy that implements only ``label(for:)``.
    public func label(forLanguage code: String) -> String {
        label(for: Locale(identifier: code))
    }
}
