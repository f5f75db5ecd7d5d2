#if os(Linux)
    import SessionSupport
    package import SessionSystem

    /// Observes the file watcher's threads for a test or the benchmark: how
    /// often they woke, when one started, and when the last one ended and
    /// left nothing behind. One probe at a time; ``stop()`` hands the watcher back.
    ///
    /// ```swift
    /// let probe = WatcherProbe()
    /// defer { probe.stop() }
    /// await probe.whenIdle()   // no watch, thread or descriptor left
    /// ```
    package final class WatcherProbe: InotifyWatcher.Observer {
        private struct State {
            var starts = 0
            var wakeups = 0
            var startWaiters: [(count: Int, waiter: CheckedContinuation<Void, Never>)] = []
            var idleWaiters: [CheckedContinuation<Void, Never>] = []
        }

        private let state = Locked(State())
        private let watcher: InotifyWatcher

        /// Starts observing `watcher`.
        package init(_ watcher: InotifyWatcher = .shared) {
            self.watcher = watcher
            watcher.observe(self)
        }

        /// Stops observing.
        package func stop() { watcher.observe(nil) }

        /// How many threads started since the probe was made.
        package var starts: Int { state.withLock(\.starts) }
        /// How many times a thread woke to read events since the probe was made.
        package var wakeups: Int { state.withLock(\.wakeups) }

        /// Returns once `count` threads have started since the probe was made.
        package func whenStarted(_ count: Int) async {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let done = state.withLock { state -> Bool in
                    guard state.starts < count else { return true }
                    state.startWaiters.append((count, waiter))
                    return false
                }
                if done { waiter.resume() }
            }
        }

        /// Returns once no watch, thread or descriptor is left, every ended
        /// thread joined: gone from the process.
        package func whenIdle() async {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let idle = state.withLock { state -> Bool in
                    guard !watcher.isIdle else { return true }
                    state.idleWaiters.append(waiter)
                    return false
                }
                if idle { waiter.resume() }
            }
            watcher.joinEndedThreads()
        }

        package func started() {
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.starts += 1
                let starts = state.starts
                defer { state.startWaiters.removeAll { $0.count <= starts } }
                return state.startWaiters.filter { $0.count <= starts }.map(\.waiter)
            }
            for waiter in ready { waiter.resume() }
        }

        package func wokeUp() { state.withLock { $0.wakeups += 1 } }

        package func ended(idle: Bool) {
            guard idle else { return }
            let waiters = state.withLock { state in
                defer { state.idleWaiters = [] }
                return state.idleWaiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }
#endif
