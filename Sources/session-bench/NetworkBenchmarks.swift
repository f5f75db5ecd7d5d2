import Foundation
import Session

/// The request pipeline against raw `URLSession`, on the tests' loopback
/// server, and the token header behavior on its own.
enum NetworkBenchmarks {
    static let requestsPerRound = 300

    static func run(appendingTo table: BenchmarkTable) async throws -> BenchmarkTable {
        var table = table
        let server = try LoopbackServer()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "session-bench-net-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileLoginStateStore(fileURL: folder.appendingPathComponent("session.json"))
        try store.save(
            Credential(token: try AuthToken("bench_token_0123456789abcdefghij"), server: server.origin))

        let header = AuthTokenHeaderBehavior(repository: store)
        let client = NetworkClient(
            baseURL: server.origin, transport: URLSessionTransport(),
            behavior: CombinedRequestBehavior([
                header, UnauthorizedLogoutBehavior(repository: store), ActivityCounterBehavior(),
            ]))
        let session = URLSession(configuration: .ephemeral)
        let rawRequest = URLRequest(url: server.origin.appendingPathComponent("plain"))
        let request = Request<Data>.raw(path: "/plain")

        // Alternate rounds so noise hits both alike; the best round of each is the least disturbed.
        var clientRates: [Double] = []
        var rawRates: [Double] = []
        for _ in 0..<5 {
            clientRates.append(try await rate { _ = try await client.send(request) })
            rawRates.append(try await rate { _ = try await session.data(for: rawRequest) })
        }
        let clientRate = clientRates.max() ?? 0
        let rawRate = rawRates.max() ?? 0
        table.add(
            "NetworkClient + token, 401-logout, activity behaviors (sequential requests)",
            value: String(format: "%.0f req/s", clientRate),
            baseline: String(format: "raw URLSession data(for:): %.0f req/s", rawRate),
            ratio: String(format: "%.3g× throughput", clientRate / rawRate))

        let urlRequest = URLRequest(url: server.origin.appendingPathComponent("plain"))
        var headerTimes: [Double] = []
        var loadTimes: [Double] = []
        for _ in 0..<5 {
            headerTimes.append(
                try await Measure.median(samples: 2000) {
                    _ = try await header.additionalHeaders(for: urlRequest)
                })
            loadTimes.append(try Measure.median(samples: 2000) { _ = try store.load() })
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        table.add(
            "AuthTokenHeaderBehavior.additionalHeaders (FileLoginStateStore)", median: median(headerTimes),
            baseline: ("FileLoginStateStore.load()", median(loadTimes)))
        return table
    }

    /// Requests per second over one round of sequential requests.
    private static func rate(_ body: () async throws -> Void) async throws -> Double {
        for _ in 0..<20 { try await body() }
        let elapsed = try await ContinuousClock().measure {
            for _ in 0..<requestsPerRound { try await body() }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(requestsPerRound) / seconds
    }
}

/// The tests' Python server (Tests/SessionTests/Server/test_server.py), which
/// exits when its standard input closes.
final class LoopbackServer {
    let origin: URL
    private let process = Process()
    private let input = Pipe()

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/SessionTests/Server/test_server.py")
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
            byte != Data("\n".utf8)
        {
            line += byte
        }
        let words = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard words.count == 4, let port = Int(words[1]), let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        origin = url
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
