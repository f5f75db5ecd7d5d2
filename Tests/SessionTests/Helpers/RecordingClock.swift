import Session
import SessionSupport
import SessionSystem

/// A clock that records every wait and returns at once: no test sleeps.
final class RecordingClock: SequenceClock {
    private let recorded = Locked<[Duration]>([])
    private let taken = Locked(0)

    var waits: [Duration] { recorded.withLock { $0 } }

    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        recorded.withLock { $0.append(duration) }
    }

    /// The time waited since the last call: what a request was sent after.
    func waitedSinceLastTake() -> Duration {
        let waits = waits
        return taken.withLock { taken in
            defer { taken = waits.count }
            return waits[taken...].reduce(.zero, +)
        }
    }
}
