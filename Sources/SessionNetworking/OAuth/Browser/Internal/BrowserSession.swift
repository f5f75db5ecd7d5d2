import SessionCore
import SessionSupport

/// The listener of a browser sign-in between the callback and the end of
/// the login: the flow returns its credential before ``Login`` saves it, so
/// the listener is kept here until the outcome is known and the browser can
/// be told the truth.
final class BrowserSession: Sendable {
    private let listener = Locked<LoopbackRedirectListener?>(nil)

    /// Keeps `listener` until ``end(_:)``; a listener kept before is closed.
    func hold(_ listener: LoopbackRedirectListener) {
        self.listener.withLock { $0 }?.close()
        self.listener.withLock { $0 = listener }
    }

    /// Tells the browser how the sign-in ended, then stops listening.
    func end(_ outcome: SignInOutcome) {
        guard
            let listener = listener.withLock({ held in
                defer { held = nil }
                return held
            })
        else { return }
        listener.finish(outcome)
        listener.close()
    }
}
