import Foundation
import Session
import SessionSupport
import SessionSystem
import SessionTestSupport
import Testing

@Suite struct ActivityCounterBehaviorTests {
    @Test(arguments: ["user-200", "server-error-500", "bad-json-200"])
    func theCountReturnsToZeroAfterEveryOutcome(fixture: String) async {
        let seen = Locked<[Int]>([])
        let activity = ActivityCounterBehavior { count in seen.withLock { $0.append(count) } }
        let client = NetworkClient(
            baseURL: URL(string: "https://a.example")!, transport: StubTransport(.fixture(fixture)),
            behavior: activity)
        _ = try? await client.send(Request<User>(path: "/"))
        #expect(seen.withLock { $0 } == [1, 0])
        #expect(activity.count == 0)
    }

    @Test func theCountReturnsToZeroAfterACancelledRequest() async throws {
        let started = AsyncStream<Void>.makeStream()
        let activity = ActivityCounterBehavior { count in if count == 1 { started.continuation.yield() } }
        let client = NetworkClient(
            baseURL: URL(string: "https://a.example")!, transport: StubTransport(.hangUntilCancelled),
            behavior: activity)
        let task = Task { try await client.send(Request<User>(path: "/slow")) }
        // Wait for the request to be in flight, then cancel it.
        for await _ in started.stream { break }
        #expect(activity.count == 1)
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case NetworkError.cancelled = error else {
            Issue.record("expected NetworkError.cancelled, got \(result)")
            return
        }
        #expect(activity.count == 0)
    }
}

extension ActivityCounterBehaviorTests {
    /// An `onChange` that takes its time holds only its own thread: another
    /// request's change goes on at once, and its count is delivered after,
    /// in order (by the first request's thread). (Before, the second change waited for the first's
    /// `onChange` while holding a thread of the cooperative pool: with two
    /// threads, a slow callback and a second request stopped every task.)
    @Test(.hangGuard) func aSlowOnChangeNeverMakesAnotherRequestWait() async {
        let first = Gate()
        let secondDelivered = Gate()
        let secondReturned = Locked(false)
        let waitedInVain = Locked(false)
        let seen = Locked<[Int]>([])
        let activity = ActivityCounterBehavior { count in
            seen.withLock { $0.append(count) }
            if count == 2 { secondDelivered.open() }
            guard count == 1 else { return }
            first.open()
            // The first request's callback takes its time: until the second request has gone on.
            let clock = ContinuousClock()
            let giveUp = clock.now + .seconds(30)
            while !secondReturned.withLock({ $0 }) {
                guard clock.now < giveUp else {
                    waitedInVain.withLock { $0 = true }
                    return
                }
                sched_yield()
            }
        }
        let request = HTTPRequest(url: URL(string: "https://a.example")!)
        // The first request's task (and so its slow callback) runs on a thread of its own, so that
        // this test holds none of the pool's threads whatever it waits for.
        let firstRequest = Task(executorPreference: QueueExecutor(label: "slow-callback")) {
            await activity.beforeSend(request)
        }
        await first.passed()
        await activity.beforeSend(request)
        secondReturned.withLock { $0 = true }
        #expect(activity.count == 2)
        // The second change's count is delivered after the first's, by the first's thread.
        await secondDelivered.passed()
        await firstRequest.value
        #expect(seen.withLock { $0 } == [1, 2])
        #expect(!waitedInVain.withLock { $0 }, "the second change waited for the first's callback")
    }

    /// Requests that start and end together still report their counts in
    /// the order the changes happened: each report is one away from the one
    /// before, and the last is 0.
    @Test func changesAreDeliveredInOrder() async {
        let seen = Locked<[Int]>([])
        let activity = ActivityCounterBehavior { count in
            // A moment between the change and its report, for the other thread's change
            // to come in between: a spin, not sched_yield, which on a loaded machine gives
            // the core away for milliseconds, 6 400 times, on a thread of the pool.
            var spins = 0
            for _ in 0..<200 { spins &+= seen.withLock { $0.count } & 1 }
            seen.withLock { $0.append(count + spins * 0) }
        }
        let request = HTTPRequest(url: URL(string: "https://a.example")!)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<400 {
                        await activity.beforeSend(request)
                        await activity.afterFailure(.cancelled, for: request)
                    }
                }
            }
        }
        let counts = seen.withLock { $0 }
        #expect(counts.count == 8 * 400 * 2)
        let jumps = zip([0] + counts, counts).filter { abs($0 - $1) != 1 }.count
        #expect(jumps == 0, "\(jumps) reports out of order")
        #expect(counts.last == 0)
    }
}
