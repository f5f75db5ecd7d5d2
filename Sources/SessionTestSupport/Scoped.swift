/// A peer a test starts and must stop: a server, the provider, a keyring.
package protocol StoppablePeer: Sendable {
    /// Stops it and waits until it has exited.
    func stop() async
}

/// Runs `body` with `peer`, and stops the peer whatever `body` does:
/// `defer` cannot wait for it to exit, so this does.
package func withPeer<Peer: StoppablePeer, Result>(_ peer: Peer, _ body: (Peer) async throws -> Result)
    async throws -> Result
{
    do {
        let result = try await body(peer)
        await peer.stop()
        return result
    } catch {
        await peer.stop()
        throw error
    }
}

/// Runs `body` with a test server, and stops the server whatever `body` does.
package func withLoopbackServer<Result>(_ body: (LoopbackServer) async throws -> Result) async throws
    -> Result
{
    try await withPeer(try await LoopbackServer.start(), body)
}

/// Runs `body` with a provider started with `environment`, and stops it
/// whatever `body` does.
package func withOAuthProvider<Result>(
    environment: [String: String] = [:], _ body: (OAuthTestProvider) async throws -> Result
) async throws -> Result {
    try await withPeer(try await OAuthTestProvider.start(environment: environment), body)
}

/// The tests' provider as most tests want it: its device flow asks for a
/// poll every second (RFC 8628's default of 5 s would make every sign-in
/// take 5 s), plus `settings`; stopped whatever `body` does.
package func withTestProvider<Result>(
    _ settings: [String: String] = [:], _ body: (OAuthTestProvider) async throws -> Result
) async throws -> Result {
    try await withOAuthProvider(environment: ["PROVIDER_DEVICE_INTERVAL": "1"].merging(settings) { $1 }, body)
}
