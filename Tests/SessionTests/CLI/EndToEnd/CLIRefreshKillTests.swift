import Foundation
import SessionCore
import SessionTestSupport
import Testing

/// `session-cli token` killed with SIGKILL at random moments of a refresh:
/// the session file always loads afterwards, as the old session or the new
/// one, never half-written. The token endpoint is the tests' loopback
/// server, which hands out a new pair every time.
@Suite struct CLIRefreshKillTests {
    @Test(.tags(.python)) func fiftyRefreshesKilledAtRandomNeverLeaveABadFile() async throws {
        try await withLoopbackServer { server in
            let cli = CommandRunner()
            let store = FileLoginStateStore(fileURL: cli.defaultStore)
            let provider = OAuthProvider(
                issuer: server.originA, clientID: "kill-test",
                tokenEndpoint: server.originA.appendingPathComponent("oauth/token"))
            var outcomes = (refreshed: 0, untouched: 0)
            // Kills land before and after the save, wherever it falls on this machine now.
            var moments = KillMoments()
            for round in 0..<50 {
                let expired = Credential(
                    token: Sample.token("at_round_\(round)_0123456789"),
                    refreshToken: Sample.token("rt_round_\(round)_0123456789"),
                    server: server.originA, expiresAt: Date().addingTimeInterval(-10), provider: provider)
                try store.save(expired)
                let running = try cli.start(["token"])
                // The delay picks the moment of the kill; nothing is being waited for, and no thread is held.
                try await Task.sleep(for: moments.next())
                running.process.send(SIGKILL)
                _ = await running.finish()
                // The file must load: the old session, or a refreshed one.
                let loaded = try #require(try store.load().credential, "round \(round): logged out")
                if loaded.token == expired.token { outcomes.untouched += 1 } else { outcomes.refreshed += 1 }
                moments.record(gotPast: loaded.token != expired.token)
                #expect(loaded.provider == provider)
            }
            // Both moments were hit: some kills came before the save, some after.
            #expect(outcomes.untouched > 0 && outcomes.refreshed > 0, "\(outcomes)")
            let leftovers = try FileManager.default.contentsOfDirectory(
                atPath: cli.defaultStore.deletingLastPathComponent().path
            )
            .filter { $0.contains(".tmp-") }
            // A killed writer may leave a temporary file; the next writer removes it.
            try store.save(Credential(token: Sample.token()))
            let after = try FileManager.default.contentsOfDirectory(
                atPath: cli.defaultStore.deletingLastPathComponent().path
            )
            .filter { $0.contains(".tmp-") }
            #expect(after.isEmpty, "\(leftovers.count) temporary files were left and not cleaned")
        }
    }
}
