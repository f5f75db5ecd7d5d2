#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// A view of a store that is read again whenever the store says it may have
/// changed, or when a moment the view names passes (a token expiring), and
/// told on only when it differs from the one told before.
///
/// ``LoginUsecase/statuses()`` follows one session's status this way, and
/// the command-line tool's `status --watch` the whole screen (the default
/// session as it moves, and every other session). Nothing polls: between
/// changes and moments the task waits.
///
/// ```swift
/// let views = Following.views(of: { try store.readSessions() }, changes: try store.stateChanges(),
///                             differs: { $0 != $1 }, nextChange: { _ in nil })
/// for try await sessions in views { show(sessions) }
/// ```
package enum Following {
    /// The view now, then each new one, until the consuming task is
    /// cancelled; it fails with what `read` throws.
    ///
    /// - Parameters:
    ///   - read: Reads the view; called at once and after each wake-up.
    ///   - changes: "Read again" from the store (set up before the first read).
    ///   - wakeUps: More "read again", for writes the store cannot report.
    ///   - differs: Whether a view read now is worth telling after the last one told.
    ///   - nextChange: The moment a view changes with nothing written, if any.
    ///   - now: The clock those moments are measured on.
    package static func views<View: Sendable>(
        of read: @escaping @Sendable () throws -> View, changes: AsyncStream<Void>,
        wakeUps: AsyncStream<Void>? = nil, differs: @escaping @Sendable (View, View) -> Bool,
        nextChange: @escaping @Sendable (View) -> Date?, now: @escaping @Sendable () -> Date = { Date() }
    ) -> AsyncThrowingStream<View, any Error> {
        let (views, output) = AsyncThrowingStream<View, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            do {
                try await follow(
                    read: read, changes: changes, wakeUps: wakeUps, differs: differs, nextChange: nextChange,
                    now: now, into: output)
                output.finish()
            } catch {
                output.finish(throwing: error)
            }
        }
        output.onTermination = { _ in task.cancel() }
        return views
    }

    /// Reads the view, yields it when it differs from the last, and waits
    /// for the next "read again": a change, a wake-up, or the timer at the
    /// view's next moment. Returns when the task is cancelled.
    private static func follow<View: Sendable>(
        read: @Sendable () throws -> View, changes: AsyncStream<Void>, wakeUps: AsyncStream<Void>?,
        differs: (View, View) -> Bool, nextChange: (View) -> Date?, now: @Sendable () -> Date,
        into output: AsyncThrowingStream<View, any Error>.Continuation
    ) async throws {
        let (readAgain, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        var forwarders = [Task { for await _ in changes { wake.yield() } }]
        if let wakeUps { forwarders.append(Task { for await _ in wakeUps { wake.yield() } }) }
        var timer: Task<Void, Never>?
        defer {
            for forwarder in forwarders { forwarder.cancel() }
            timer?.cancel()
        }
        var told: View?
        var next = readAgain.makeAsyncIterator()
        while !Task.isCancelled {
            let view = try read()
            if told.map({ differs($0, view) }) ?? true {
                output.yield(view)
                told = view
            }
            timer?.cancel()
            timer = nextChange(view).map { date in
                let delay = max(0, date.timeIntervalSince(now()))
                return Task {
                    // Ends early only when cancelled, and then says nothing.
                    guard (try? await Task.sleep(for: .seconds(delay))) != nil else { return }
                    wake.yield()
                }
            }
            guard await next.next() != nil else { return }
        }
    }
}
