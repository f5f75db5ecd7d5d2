import Foundation
import SessionSupport
import SessionSystem

/// Reads a child's output on a thread of its own as it arrives, keeps it,
/// and wakes whoever waits for a line: a test waits on the line itself,
/// never on a clock. A wait gives up after ``patience``, a bound no
/// working run comes near, so a line that never comes fails the test
/// instead of hanging it.
package final class StreamCollector: Sendable {
    private struct State {
        var bytes = Data()
        var ended = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())
    /// How long one wait (``line(at:)`` and the others) may take in all.
    package let patience: Duration

    /// Starts reading `source` until its end.
    package init(_ source: FileDescriptor, patience: Duration = .seconds(90)) {
        self.patience = patience
        let state = state
        Thread {
            while let piece = try? source.read(), !piece.isEmpty {
                let waiters = state.withLock { state in
                    state.bytes += piece
                    defer { state.waiters = [:] }
                    return state.waiters.values
                }
                for waiter in waiters { waiter.resume() }
            }
            let waiters = state.withLock { state in
                state.ended = true
                defer { state.waiters = [:] }
                return state.waiters.values
            }
            for waiter in waiters { waiter.resume() }
        }.start()
    }

    /// What has arrived so far.
    package var text: String { String(decoding: state.withLock { $0.bytes }, as: UTF8.self) }

    /// Everything, once the writer has closed its end.
    package func whole() async -> String {
        _ = await wait { _ -> Bool? in nil }
        return text
    }

    /// The rest of the first line that starts with `prefix`, once it has
    /// arrived whole; `nil` if the stream ends first.
    package func line(startingWith prefix: String) async -> String? {
        await wait { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            return lines.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        }
    }

    /// The line numbered `index` (from 0), once it has arrived whole; `nil`
    /// if the stream ends first.
    package func line(at index: Int) async -> String? {
        await wait { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            return lines.count > index ? String(lines[lines.startIndex + index]) : nil
        }
    }

    /// Waits until what has arrived satisfies `condition`; `false` if the stream ends first.
    package func until(_ condition: (String) -> Bool) async -> Bool {
        await wait { condition($0) ? true : nil } ?? false
    }

    /// Looks at what has arrived each time more arrives, until `found`
    /// finds something in it; `nil` once the stream has ended or
    /// ``patience`` has passed without.
    private func wait<Found>(_ found: (String) -> Found?) async -> Found? {
        let deadline = ContinuousClock.now + patience
        while true {
            // What is looked at and what is waited past are one snapshot: a
            // piece that arrives in between wakes the wait at once.
            let (bytes, ended) = state.withLock { ($0.bytes, $0.ended) }
            if let result = found(String(decoding: bytes, as: UTF8.self)) { return result }
            if ended { return nil }
            guard await nextChange(after: bytes.count, before: deadline) else { return nil }
        }
    }

    /// Waits for more than `count` bytes or the end; `false` once
    /// `deadline` has passed with neither.
    private func nextChange(after count: Int, before deadline: ContinuousClock.Instant) async -> Bool {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return false }
        await withCheckedContinuation { continuation in
            let id = state.withLock { state -> Int? in
                guard state.bytes.count == count, !state.ended else { return nil }
                state.nextWaiter += 1
                state.waiters[state.nextWaiter] = continuation
                return state.nextWaiter
            }
            guard let id else { return continuation.resume() }
            let (seconds, attoseconds) = left.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [state] in
                state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
            }
        }
        return state.withLock { $0.bytes.count != count || $0.ended } || ContinuousClock.now < deadline
    }
}
