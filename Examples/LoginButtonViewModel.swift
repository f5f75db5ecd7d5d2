import Foundation
import Session

/// What a login button shows and does, for any UI: SwiftUI, UIKit, a menu
/// bar item or a terminal. The view never asks "am I logged in?": the
/// usecase picks the strategy, and the strategy carries the label, the
/// color and the action. ``follow(language:)`` keeps it drawn as the
/// session changes, in this process or any other.
///
/// In SwiftUI, start following when the view appears; the task ends with it:
///
/// ```swift
/// Button(model.title) { Task { try await model.press(language: "en") } }
///     .tint(model.color == .red ? .red : .blue)
///     .task { try? await model.follow(language: "en") }
/// ```
@MainActor final class LoginButtonViewModel {
    private let usecase: LoginUsecase
    /// The button's text, in the view's language.
    private(set) var title = ""
    /// The button's color token (`blue` or `red`); the view maps it to its palette.
    private(set) var color = ColorToken.blue
    /// Called after each redraw, for a view that is not observing the properties (UIKit, a test).
    var onRedraw: (@MainActor () -> Void)?

    init(usecase: LoginUsecase) {
        self.usecase = usecase
    }

    /// Reads the store and redraws.
    func refresh(language: String) throws {
        let strategy = try usecase.strategy()
        title = strategy.label(for: Locale(identifier: language))
        color = strategy.color
    }

    /// The button was pressed: log in or log out, whichever the state calls for.
    func press(language: String) async throws {
        _ = try await usecase.loginOrLogout()
        try refresh(language: language)
    }

    /// Redraws now and on every change of the session: a login or logout
    /// here or in another process, a refresh, the token expiring. Returns
    /// when the calling task is cancelled; throws when the store cannot be read.
    func follow(language: String) async throws {
        for try await status in usecase.statuses() {
            title = status.strategy.label(for: Locale(identifier: language))
            color = status.strategy.color
            onRedraw?()
        }
    }
}
