import Foundation
import Session
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The loopback listener with real sockets: only the callback path, only
/// this login's state, a timeout, and cancellation.
@Suite struct LoopbackRedirectListenerTests {
    /// A GET to the listener, as a browser would send it; returns the status.
    func visit(_ url: URL) async throws -> Int {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        let (_, response) = try await URLSession(configuration: configuration).data(from: url)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test(.timeLimit(.minutes(3)))
    func onlyTheCallbackWithTheRightStateEndsTheWait() async throws {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        let base = listener.redirectURI.absoluteString
        #expect(base.hasPrefix("http://127.0.0.1:") && base.hasSuffix("/callback"))
        let waiting = Task {
            try await listener.waitForCallback(timeout: .seconds(120)) { url in
                url.query?.contains("state=good") == true ? nil : "the state does not match"
            }
        }
        let root = base.replacingOccurrences(of: "/callback", with: "/favicon.ico")
        #expect(try await visit(url(root)) == 404)
        #expect(try await visit(url(base + "?code=c&state=forged")) == 400)
        #expect(try await visit(url(base + "?code=c&state=good")) == 200)
        let callback = try await waiting.value
        #expect(callback.query == "code=c&state=good")
    }

    @Test func itGivesUpAfterTheTimeout() async throws {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        await #expect(throws: ListenerError.timedOut) {
            try await listener.waitForCallback(timeout: .milliseconds(300)) { _ in nil }
        }
    }

    /// The wait is ten minutes: only a cancellation that works ends it within the time limit.
    @Test(.timeLimit(.minutes(1)))
    func cancellingEndsTheWaitPromptly() async throws {
        let listener = try LoopbackRedirectListener()
        defer { listener.close() }
        let waiting = Task { try await listener.waitForCallback(timeout: .seconds(600)) { _ in nil } }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
