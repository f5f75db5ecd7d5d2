import Foundation
import SessionSupport

/// Reads a child's output on a thread of its own as it arrives, keeps it,
/// and wakes whoever waits for a line: a test waits on the line itself,
/// never on a clock.
package final class StreamCollector: Sendable {
    private struct State {
        var bytes = Data()
        var ended = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Starts reading `source` until its end.
    package init(_ source: FileDescriptor) {
        let state = state
        Thread {
            while let piece = try? source.read(), !piece.isEmpty {
                let waiters = state.withLock { state in
                    state.bytes += piece
                    defer { state.waiters = [] }
                    return state.waiters
                }
                for waiter in waiters { waiter.resume() }
            }
            let waiters = state.withLock { state in
                state.ended = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }.start()
    }

    /// What has arrived so far.
    package var text: String { String(decoding: state.withLock { $0.bytes }, as: UTF8.self) }

    /// Everything, once the writer has closed its end.
    package func whole() async -> String {
        while await nextChange() {}
        return text
    }

    /// The rest of the first line that starts with `prefix`, once it has
    /// arrived whole; `nil` if the stream ends first.
    package func line(startingWith prefix: String) async -> String? {
        repeat {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) {
                return String(line.dropFirst(prefix.count))
            }
        } while await nextChange()
        return nil
    }

    /// The line numbered `index` (from 0), once it has arrived whole; `nil`
    /// if the stream ends first.
    package func line(at index: Int) async -> String? {
        repeat {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if lines.count > index { return String(lines[lines.startIndex + index]) }
        } while await nextChange()
        return nil
    }

    /// Waits until what has arrived satisfies `condition`; `false` if the stream ends first.
    package func until(_ condition: (String) -> Bool) async -> Bool {
        repeat {
            if condition(text) { return true }
        } while await nextChange()
        return condition(text)
    }

    /// Waits for more bytes or the end; `false` once the stream has ended.
    private func nextChange() async -> Bool {
        let before = state.withLock { ($0.bytes.count, $0.ended) }
        if before.1 { return false }
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard state.bytes.count == before.0, !state.ended else { return true }
                state.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
        return true
    }
}
