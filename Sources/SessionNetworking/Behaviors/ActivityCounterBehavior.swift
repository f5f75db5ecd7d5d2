import SessionCore
public import SessionHTTP
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Counts the requests in flight: the source for a network-activity indicator.
///
/// The count goes up in `beforeSend` and down when the request ends, however
/// it ends: success, failure or cancellation. Share one instance between the
/// clients whose requests it should count.
///
/// ```swift
/// let activity = ActivityCounterBehavior { count in
///     Task { @MainActor in spinner.isHidden = count == 0 }
/// }
/// let client = NetworkClient(baseURL: server, transport: URLSessionTransport(), behavior: activity)
/// activity.count   // 0 when idle
/// ```
public final class ActivityCounterBehavior: RequestBehavior {
    /// The count, the counts not yet delivered (in the order of the changes),
    /// and whether a thread is delivering them now.
    private let state = Locked((count: 0, undelivered: [Int](), delivering: false))
    private let onChange: (@Sendable (Int) -> Void)?

    /// - Parameter onChange: Called with the new count after every change,
    ///   one call at a time and in the order of the changes: two requests
    ///   ending together give 2, 1, 0, never 2, 0, 1. It is called on the
    ///   thread of a change, that one's or one made at the same time: a
    ///   change that finds another delivering hands it its count and goes
    ///   on, so no request ever waits for another's `onChange` (on Swift's
    ///   cooperative pool, such a wait would hold one of its few threads).
    public init(onChange: (@Sendable (Int) -> Void)? = nil) {
        self.onChange = onChange
    }

    /// The number of requests between `beforeSend` and their end.
    public var count: Int { state.withLock { $0.count } }

    /// Counts the request in.
    public func beforeSend(_ request: HTTPRequest) async { change(by: 1) }

    /// Counts the request out.
    public func afterSuccess(_ response: HTTPResponse, data: Data, for request: HTTPRequest) async {
        change(by: -1)
    }

    /// Counts the request out, whatever the failure.
    public func afterFailure(_ error: NetworkError, for request: HTTPRequest) async { change(by: -1) }

    /// Changes the count, then delivers every undelivered count in order,
    /// unless another thread is delivering already (it delivers this one too).
    private func change(by delta: Int) {
        let delivers = state.withLock { state -> Bool in
            state.count += delta
            guard onChange != nil else { return false }
            state.undelivered.append(state.count)
            if state.delivering { return false }
            state.delivering = true
            return true
        }
        guard delivers, let onChange else { return }
        while let count = state.withLock({ state -> Int? in
            guard !state.undelivered.isEmpty else {
                state.delivering = false
                return nil
            }
            return state.undelivered.removeFirst()
        }) {
            onChange(count)
        }
    }
}
