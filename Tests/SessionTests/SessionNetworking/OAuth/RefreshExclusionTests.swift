import Foundation
import Session
import SessionNetworking
import SessionSupport
import Testing

/// What the store's writer lock buys a refresh: two refreshers (as two
/// processes have) that find one session due at once, over one session
/// file. With the lock the second reads the rotated token and sends
/// nothing; without it both send the same refresh token, which a provider
/// with reuse detection answers by revoking the whole grant.
@Suite struct RefreshExclusionTests {
    /// A token endpoint that holds each refresh until a second one arrives
    /// (at most `meetWithin`), then answers it with a new pair.
    final class MeetingEndpoint: Transport {
        let refreshes = Locked(0)
        let meetWithin: Duration

        init(meetWithin: Duration) { self.meetWithin = meetWithin }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let count = refreshes.withLock { count in
                count += 1
                return count
            }
            let deadline = ContinuousClock.now + meetWithin
            while refreshes.withLock({ $0 }) < 2 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            let body = Data(
                #"{"access_token": "at_rotated_\#(count)_0123456789", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt_rotated_\#(count)_0123456789"}"#
                    .utf8)
            return (body, response(request, 200))
        }
    }

    /// The refresh requests two refreshers send for one due session.
    func refreshRequests(exclusion: TokenRefresher.Exclusion) async throws -> Int {
        let folder = TemporaryDirectory()
        let file = folder.file("session.json")
        let now = TokenRefresherTests.now
        try FileLoginStateStore(fileURL: file).save(TokenRefresherTests().session(expiresIn: -5))
        let endpoint = MeetingEndpoint(meetWithin: .seconds(1))
        let refreshers = (0..<2).map { _ in
            TokenRefresher(
                repository: FileLoginStateStore(fileURL: file), transport: endpoint, now: { now },
                exclusion: exclusion)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for refresher in refreshers {
                group.addTask { _ = try #require(try await refresher.currentCredential()) }
            }
            try await group.waitForAll()
        }
        return endpoint.refreshes.withLock { $0 }
    }

    @Test func theStoreLockLetsOneOfTwoRefreshersSendTheRefresh() async throws {
        #expect(try await refreshRequests(exclusion: .storeLock) == 1)
    }

    @Test func withoutTheLockBothSendTheSameRefreshToken() async throws {
        #expect(try await refreshRequests(exclusion: .none) == 2)
    }
}
