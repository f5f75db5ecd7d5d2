import Foundation
import Session
import SessionSupport
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
    /// Requests that start and end together still report their counts in
    /// the order the changes happened: each report is one away from the one
    /// before, and the last is 0.
    @Test func changesAreDeliveredInOrder() async {
        let seen = Locked<[Int]>([])
        let activity = ActivityCounterBehavior { count in
            // Give the other thread time to change the count before this one reports.
            sched_yield()
            seen.withLock { $0.append(count) }
        }
        let request = URLRequest(url: URL(string: "https://a.example")!)
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
