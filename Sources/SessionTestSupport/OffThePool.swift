import Dispatch
import Foundation

/// Runs blocking work (waiting for a child process, reading its pipe,
/// installing packages) on a thread of its own, and suspends the caller
/// until it is done.
///
/// The concurrency pool has as many threads as the machine has cores (two
/// here). A test that blocked one of them waiting for a child while another
/// installed the provider's packages starved every other async test, and a
/// test that judged a 30 s token by the wall clock failed. Nothing in the
/// test support blocks a pool thread.
package func offThePool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws
    -> Result
{
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
    }
}
