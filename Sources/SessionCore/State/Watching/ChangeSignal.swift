import SessionSupport
import SessionSystem

/// "Read again", told to everyone listening: the in-memory store's writes,
/// a usecase's own writes, and the file watcher's events each go through one.
///
/// ```swift
/// let signal = ChangeSignal()
/// let changes = signal.changes()     // listening from here on
/// signal.send()                      // each listener's stream yields once
/// ```
package final class ChangeSignal: Sendable {
    private let listeners = Locked<[Int: AsyncStream<Void>.Continuation]>([:])
    private let nextID = Locked(0)

    package init() {}

    /// A stream that yields after each ``send()`` from now on, several sends
    /// in a row coalesced into one; it stops listening when its consumer is
    /// cancelled.
    package func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells every listener to read again.
    package func send() {
        for listener in listeners.withLock({ Array($0.values) }) { listener.yield() }
    }

    /// How many streams are listening: for tests that check nothing is left behind.
    package var listenerCount: Int { listeners.withLock { $0.count } }
}
