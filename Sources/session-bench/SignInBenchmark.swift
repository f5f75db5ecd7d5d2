import Foundation
import SessionTestSupport

/// `session-cli login --device` against the tests' real provider on
/// 127.0.0.1: the time from the person's approval (human.py returns) to the
/// session saved (the tool exits 0), and the polls it took. The poll count is
/// a figure, not a speed: it depends on the provider's interval.
enum SignInBenchmark {
    static func run(rounds: Int = 5) async throws {
        let cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("session-cli")
        print(
            "| provider interval | approval → session saved (median of \(rounds)) | polls per login (median) |"
        )
        print("|---|---|---|")
        for interval in [1, 5] {
            try await withOAuthProvider(environment: ["PROVIDER_DEVICE_INTERVAL": "\(interval)"]) {
                provider in
                var latencies: [Double] = []
                var polls: [Int] = []
                for _ in 0..<rounds {
                    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
                        "bench-\(UUID().uuidString)")
                    defer { try? FileManager.default.removeItem(at: home) }
                    let before =
                        try await provider.counts()["urn:ietf:params:oauth:grant-type:device_code"] ?? 0
                    let (latency, saved) = try await login(cli: cli, provider: provider, home: home)
                    guard saved else { throw OAuthTestProvider.Unavailable(description: "the login failed") }
                    latencies.append(latency)
                    polls.append(
                        (try await provider.counts()["urn:ietf:params:oauth:grant-type:device_code"] ?? 0)
                            - before)
                }
                print(
                    "| \(interval) s | \(String(format: "%.0f", Measure.median(of: latencies) * 1000)) ms | \(polls.sorted()[polls.count / 2]) |"
                )
            }
        }
    }

    /// One login: returns the seconds from approval to exit, and whether it succeeded.
    private static func login(cli: URL, provider: OAuthTestProvider, home: URL) async throws -> (Double, Bool)
    {
        let (process, approved) = try await DeviceLogin.approve(
            cli: cli, provider: provider, store: home.appendingPathComponent("session.json"))
        let status = await process.exitStatus()
        let elapsed = ContinuousClock.now - approved
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (seconds, status == 0)
    }
}
