import Foundation
import SessionTestSupport

/// `session-cli login --device` against the test provider, with the person's
/// approval played by `human.py`: what both sign-in benchmarks start with.
enum DeviceLogin {
    /// Starts the login, reads the code from its stderr, approves it, and
    /// returns the still-running tool and the moment the approval returned.
    static func approve(cli: URL, provider: OAuthTestProvider, store: URL) async throws -> (
        Process, ContinuousClock.Instant
    ) {
        let process = Process()
        process.executableURL = cli
        process.arguments = [
            "login", "--device", "--issuer", provider.issuer.absoluteString, "--client-id", "cli-device",
            "--device-endpoint", provider.issuer.absoluteString + "/o/device-authorization/", "--store",
            store.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = errors.fileHandleForReading
        let text = try await offThePool {
            // availableData returns what is there; read(upToCount:) would wait for the whole count.
            var text = ""
            while !text.contains("\nWaiting") {
                let chunk = reader.availableData
                guard !chunk.isEmpty else { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Code: ") }) else {
            process.terminate()
            await process.exitStatus()
            throw OAuthTestProvider.Unavailable(description: "the login showed no device code")
        }
        try await provider.approveDevice(userCode: String(line.dropFirst("Code: ".count)))
        return (process, .now)
    }
}
