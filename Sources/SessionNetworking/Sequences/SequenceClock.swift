/// What the waits of a ``RequestSequence`` sleep on.
///
/// The client sleeps through this protocol, never directly, so a test gives
/// it a clock that records each wait and returns at once: no test sleeps.
///
/// ```swift
/// actor RecordingClock: SequenceClock {
///     private(set) var waits: [Duration] = []
///     func sleep(for duration: Duration) async throws { waits.append(duration) }
/// }
/// ```
public protocol SequenceClock: Sendable {
    /// Waits `duration`, or throws `CancellationError` as soon as the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock: `Task.sleep`, which ends at once when the task is
/// cancelled. What a client or a flow given no clock sleeps on.
package struct SystemSequenceClock: SequenceClock {
    /// The system clock.
    package init() {}

    /// Sleeps on the continuous clock.
    package func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
