public import Foundation
import SessionCore
import SessionSupport

#if canImport(FoundationNetworking)
    public import FoundationNetworking
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
    private let state: Locked<Int>
    /// Held while a change is made *and* delivered, so `onChange` sees the
    /// counts in the order they happened. `count` reads `state` alone, so an
    /// `onChange` that reads it does not deadlock.
    private let delivery: Locked<Void>
    private let onChange: (@Sendable (Int) -> Void)?

    /// - Parameter onChange: Called with the new count after every change, on
    ///   the thread that made it, one call at a time and in the order of the
    ///   changes: two requests ending together give 2, 1, 0, never 2, 0, 1.
    public init(onChange: (@Sendable (Int) -> Void)? = nil) {
        state = Locked(0)
        delivery = Locked(())
        self.onChange = onChange
    }

    /// The number of requests between `beforeSend` and their end.
    public var count: Int { state.withLock { $0 } }

    /// Counts the request in.
    public func beforeSend(_ request: URLRequest) async { change(by: 1) }

    /// Counts the request out.
    public func afterSuccess(_ response: HTTPURLResponse, data: Data, for request: URLRequest) async {
        change(by: -1)
    }

    /// Counts the request out, whatever the failure.
    public func afterFailure(_ error: NetworkError, for request: URLRequest) async { change(by: -1) }

    private func change(by delta: Int) {
        delivery.withLock {
            let count = state.withLock { value in
                value += delta
                return value
            }
            onChange?(count)
        }
    }
}
