import Foundation
import SessionTestSupport

/// `session-cli login --device` against the test provider, with the person's
/// approval played by `human.py`: what both sign-in benchmarks start with.
enum DeviceLogin {
    /// Starts the login, reads the code from its stderr, approves it, and
    /// returns the still-running tool and the moment the approval returned.
    static func approve(cli: URL, provider: OAuthTestProvider, store: URL) async throws -> (
        ChildProcess, ContinuousClock.Instant
    ) {
        let process = try ChildProcess(
            [
                cli.path, "login", "--device", "--issuer", provider.issuer.absoluteString, "--client-id",
                "cli-device", "--device-endpoint",
                provider.issuer.absoluteString + "/o/device-authorization/",
                "--store", store.path,
            ], stderr: .pipe)
        guard let errors = process.errors else { throw ChildProcessError(description: "no stderr pipe") }
        guard let code = await StreamCollector(errors).line(startingWith: "Code: ") else {
            process.send(SIGTERM)
            await process.exitStatus()
            throw OAuthTestProvider.Unavailable(description: "the login showed no device code")
        }
        try await provider.approveDevice(userCode: code)
        return (process, .now)
    }
}
