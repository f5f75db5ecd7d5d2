import Foundation
import SessionTestSupport

/// `session-cli login --device` against the tests' real provider on
/// 127.0.0.1: the time from the person's approval (human.py returns) to the
/// session saved (the tool exits 0), and the polls it took. The poll count is
/// a figure, not a speed: it depends on the provider's interval.
enum SignInBenchmark {
    static func run(rounds: Int = 5) throws {
        let cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("session-cli")
        print(
            "| provider interval | approval → session saved (median of \(rounds)) | polls per login (median) |"
        )
        print("|---|---|---|")
        for interval in [1, 5] {
            let provider = try OAuthTestProvider(environment: ["PROVIDER_DEVICE_INTERVAL": "\(interval)"])
            defer { provider.stop() }
            var latencies: [Double] = []
            var polls: [Int] = []
            for _ in 0..<rounds {
                let home = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "bench-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: home) }
                let before = try provider.counts()["urn:ietf:params:oauth:grant-type:device_code"] ?? 0
                let (latency, saved) = try login(cli: cli, provider: provider, home: home)
                guard saved else { throw OAuthTestProvider.Unavailable(description: "the login failed") }
                latencies.append(latency)
                polls.append(
                    (try provider.counts()["urn:ietf:params:oauth:grant-type:device_code"] ?? 0) - before)
            }
            print(
                "| \(interval) s | \(String(format: "%.0f", Measure.median(of: latencies) * 1000)) ms | \(polls.sorted()[polls.count / 2]) |"
            )
        }
    }

    /// One login: returns the seconds from approval to exit, and whether it succeeded.
    private static func login(cli: URL, provider: OAuthTestProvider, home: URL) throws -> (Double, Bool) {
        let process = Process()
        process.executableURL = cli
        process.arguments = [
            "login", "--device", "--issuer", provider.issuer.absoluteString, "--client-id", "cli-device",
            "--device-endpoint", provider.issuer.absoluteString + "/o/device-authorization/", "--store",
            home.appendingPathComponent("session.json").path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var text = ""
        // availableData returns what is there; read(upToCount:) would wait for all 256 bytes.
        while !text.contains("\nWaiting") {
            let chunk = errors.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Code: ") }) else {
            process.terminate()
            process.waitUntilExit()
            return (0, false)
        }
        try provider.approveDevice(userCode: String(line.dropFirst("Code: ".count)))
        let approved = ContinuousClock.now
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - approved
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (seconds, process.terminationStatus == 0)
    }
}
