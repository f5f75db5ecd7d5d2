/// Runs `body` with a test server, and stops the server whatever `body`
/// does: `defer` cannot wait for the server to exit, so this does.
package func withLoopbackServer<Result>(_ body: (LoopbackServer) async throws -> Result) async throws
    -> Result
{
    let server = try await LoopbackServer.start()
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Runs `body` with a provider started with `environment`, and stops it
/// whatever `body` does.
package func withOAuthProvider<Result>(
    environment: [String: String] = [:], _ body: (OAuthTestProvider) async throws -> Result
) async throws -> Result {
    let provider = try await OAuthTestProvider.start(environment: environment)
    do {
        let result = try await body(provider)
        await provider.stop()
        return result
    } catch {
        await provider.stop()
        throw error
    }
}

/// The tests' provider as most tests want it: its device flow asks for a
/// poll every second (RFC 8628's default of 5 s would make every sign-in
/// take 5 s), plus `settings`; stopped whatever `body` does.
package func withTestProvider<Result>(
    _ settings: [String: String] = [:], _ body: (OAuthTestProvider) async throws -> Result
) async throws -> Result {
    try await withOAuthProvider(environment: ["PROVIDER_DEVICE_INTERVAL": "1"].merging(settings) { $1 }, body)
}
