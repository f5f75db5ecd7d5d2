import Foundation
import Session

/// What a login button shows and does, for any UI: SwiftUI, UIKit, a menu
/// bar item or a terminal. The view never asks "am I logged in?": the
/// usecase picks the strategy, and the strategy carries the label, the
/// color and the action.
@MainActor final class LoginButtonViewModel {
    private let usecase: LoginUsecase
    /// The button's text, in the view's language.
    private(set) var title = ""
    /// The button's color token (`blue` or `red`); the view maps it to its palette.
    private(set) var color = ColorToken.blue

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
}
