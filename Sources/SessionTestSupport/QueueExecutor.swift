import Dispatch

/// A task executor on a serial dispatch queue: a task that prefers it
/// (`Task(executorPreference:)`) runs its nonisolated code there, on a
/// thread that is not one of the cooperative pool's. For a test whose task
/// must block on purpose (a slow callback) without holding the pool.
///
/// ```swift
/// let own = QueueExecutor(label: "slow-callback")
/// let task = Task(executorPreference: own) { await work() }
/// ```
@available(macOS 15.0, iOS 18.0, *)
package final class QueueExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    package init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `job` on the queue.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
