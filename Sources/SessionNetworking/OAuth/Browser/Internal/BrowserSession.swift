import SessionCore
import SessionSupport
import SessionSystem

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

    /// Tells the browser how the sign-in ended, then stops listening. The
    /// listener's close waits (up to a few seconds) for the page to reach
    /// the browser: on a thread of its own, never one of the pool's.
    func end(_ outcome: SignInOutcome) async {
        guard
            let listener = listener.withLock({ held in
                defer { held = nil }
                return held
            })
        else { return }
        listener.finish(outcome)
        await listener.closed()
    }
}
