import Foundation
import Session
import SessionTestSupport
import SessionURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request pipeline against raw `URLSession`, on the tests' loopback
/// server, and the token header behavior on its own.
enum NetworkBenchmarks {
    static let rounds = 30
    static let requestsPerRound = 100

    static func run(appendingTo table: BenchmarkTable) async throws -> BenchmarkTable {
        var table = table
        return try await withLoopbackServer { server in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "session-bench-net-\(getpid())")
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = FileLoginStateStore(fileURL: folder.appendingPathComponent("session.json"))
            // A session that can refresh but does not need to: an hour left.
            try store.save(
                Credential(
                    token: try AuthToken("bench_token_0123456789abcdefghij"),
                    refreshToken: try AuthToken("bench_refresh_0123456789abcdef"), server: server.originA,
                    expiresAt: Date().addingTimeInterval(3600),
                    provider: OAuthProvider(
                        issuer: server.originB, clientID: "bench",
                        tokenEndpoint: server.originB.appendingPathComponent("oauth/token"))))

            let header = AuthTokenHeaderBehavior(repository: store)
            let client = NetworkClient(
                baseURL: server.originA, transport: URLSessionTransport(),
                behavior: CombinedRequestBehavior([
                    header, UnauthorizedLogoutBehavior(repository: store), ActivityCounterBehavior(),
                ]))
            let session = URLSession(configuration: .ephemeral)
            let rawRequest = URLRequest(url: server.originA.appendingPathComponent("plain"))
            let request = Request<Data>.raw(path: "/plain")

            // Many short rounds, alternating, so drift in the machine or the server hits
            // both sides alike; the median round of each is compared.
            var clientRates: [Double] = []
            var rawRates: [Double] = []
            for _ in 0..<rounds {
                clientRates.append(try await rate { _ = try await client.send(request) })
                rawRates.append(try await rate { _ = try await session.data(for: rawRequest) })
            }
            let clientRate = Measure.median(of: clientRates)
            let rawRate = Measure.median(of: rawRates)
            table.add(
                "NetworkClient + token, 401-logout, activity behaviors (sequential requests)",
                value: String(format: "%.0f req/s", clientRate),
                baseline: String(format: "raw URLSession data(for:): %.0f req/s", rawRate),
                ratio: String(format: "%.3g× throughput", clientRate / rawRate))

            let urlRequest = HTTPRequest(url: server.originA.appendingPathComponent("plain"))
            let refreshing = AuthTokenHeaderBehavior(
                repository: store, refresher: TokenRefresher(repository: store))
            var headerTimes: [Double] = []
            var refreshingTimes: [Double] = []
            var loadTimes: [Double] = []
            for _ in 0..<5 {
                headerTimes.append(
                    try await Measure.median(samples: 2000) {
                        _ = try await header.additionalHeaders(for: urlRequest)
                    })
                refreshingTimes.append(
                    try await Measure.median(samples: 2000) {
                        _ = try await refreshing.additionalHeaders(for: urlRequest)
                    })
                loadTimes.append(try Measure.median(samples: 2000) { _ = try store.load() })
            }
            table.add(
                "AuthTokenHeaderBehavior.additionalHeaders (FileLoginStateStore)",
                median: Measure.median(of: headerTimes),
                baseline: ("FileLoginStateStore.load()", Measure.median(of: loadTimes)))
            let plain = Measure.median(of: headerTimes)
            let withRefresher = Measure.median(of: refreshingTimes)
            table.add(
                "… with a TokenRefresher, token not due (the refresh check)",
                median: withRefresher, baseline: ("the same without a refresher", plain))
            table.add(
                "  the refresh check's cost per request",
                value: String(format: "%+.1f µs", (withRefresher - plain) * 1e6),
                baseline: "target: ≤ 5 µs", ratio: "")
            return table
        }
    }

    /// Requests per second over one round of sequential requests.
    private static func rate(_ body: () async throws -> Void) async throws -> Double {
        for _ in 0..<5 { try await body() }
        let elapsed = try await ContinuousClock().measure {
            for _ in 0..<requestsPerRound { try await body() }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(requestsPerRound) / seconds
    }
}
