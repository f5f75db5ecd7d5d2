import Session

/// A clock that records every wait and returns at once: no test sleeps.
final class RecordingClock: SequenceClock {
    private let recorded = Locked<[Duration]>([])

    var waits: [Duration] { recorded.withLock { $0 } }

    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        recorded.withLock { $0.append(duration) }
    }
}
