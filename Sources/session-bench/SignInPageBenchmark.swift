import Foundation
import SessionCore
import SessionNetworking
import SessionSupport
import SessionSystem
import SessionTestSupport

/// How soon the browser has its page once the sign-in's outcome is known:
/// the loopback listener holds the callback's connection until `finish`,
/// then answers. Measured from `finish` to the last byte of the page at a
/// raw socket, on threads of their own.
enum SignInPageBenchmark {
    static func run(appendingTo table: BenchmarkTable, rounds: Int = 50) async throws -> BenchmarkTable {
        var table = table
        var latencies: [Double] = []
        for _ in 0..<rounds {
            let listener = try LoopbackRedirectListener(
                redirect: LoopbackRedirect(), pages: SignInPages(appName: "bench"), accepts: { _ in true })
            let port = listener.port
            let answered = Locked<ContinuousClock.Instant?>(nil)
            let browser = Task {
                _ = try await RawHTTP.get("/callback?code=c&state=s", port: port)
                answered.withLock { $0 = .now }
            }
            _ = try await listener.callback(timeout: .seconds(30))
            let finished = ContinuousClock.now
            listener.finish(.signedIn(account: "alice", server: "https://api.example.com"))
            try await browser.value
            listener.close()
            guard let end = answered.withLock({ $0 }) else { continue }
            let elapsed = end - finished
            latencies.append(
                Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        let median = Measure.median(of: latencies)
        table.add(
            "Sign-in page: outcome known → page received by the browser (median of \(rounds))",
            value: String(format: "%.2f ms", median * 1000),
            baseline: String(format: "slowest: %.2f ms; target: ≤ 500 ms", (latencies.max() ?? 0) * 1000),
            ratio: "")
        return table
    }
}
