import Dispatch

/// Runs a call that may wait (a lock, a keyring prompt) on a thread of its
/// own, and suspends the task until it returns: Swift's cooperative pool
/// has as many threads as cores, and a blocked one is one fewer for every
/// other task of the process.
///
/// Each call gets a serial queue of its own, which runs on a thread
/// Dispatch adds when the others are busy (an overcommitting one), not
/// on one of the pool's.
///
/// ```swift
/// let state = try await OwnThread.run { try store.load() }
/// ```
package enum OwnThread {
    package static func run<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws
        -> Result
    {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "session.may-wait").async {
                continuation.resume(with: Swift.Result { try body() })
            }
        }
    }
}
