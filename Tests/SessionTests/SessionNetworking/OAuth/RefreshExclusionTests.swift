import Foundation
import Session
import SessionNetworking
import SessionSupport
import SessionSystem
import Testing

/// What the store's writer lock buys a refresh: two refreshers (as two
/// processes have) that find one session due at once, over one session
/// file. With the lock the second reads the rotated token and sends
/// nothing; without it both send the same refresh token, which a provider
/// with reuse detection answers by revoking the whole grant.
///
/// No clock decides the order. The token endpoint holds a refresher's
/// request until the other refresher has shown up, either with a request of
/// its own or at the store's lock; so the first refresh is still in flight
/// whichever way the second one goes.
@Suite struct RefreshExclusionTests {
    /// Who has shown up, and the requests held until the other one does.
    final class Meeting: Sendable {
        private struct State {
            var present: Set<Int> = []
            var held: [(waitsFor: Int, continuation: CheckedContinuation<Void, Never>)] = []
            var refreshes = 0
        }

        private let state = Locked(State())

        var refreshes: Int { state.withLock { $0.refreshes } }

        /// Participant `who` has shown up; requests waiting for it go on.
        func arrive(_ who: Int) {
            let released = state.withLock { state in
                state.present.insert(who)
                let (go, stay) = (
                    state.held.filter { $0.waitsFor == who }, state.held.filter { $0.waitsFor != who }
                )
                state.held = stay
                return go
            }
            for request in released { request.continuation.resume() }
        }

        /// A refresh request of participant `who`: held until the other one has shown up.
        func refresh(by who: Int) async -> Int {
            arrive(who)
            let other = 1 - who
            await withCheckedContinuation { continuation in
                let present = state.withLock { state in
                    if !state.present.contains(other) { state.held.append((other, continuation)) }
                    return state.present.contains(other)
                }
                if present { continuation.resume() }
            }
            return state.withLock { state in
                state.refreshes += 1
                return state.refreshes
            }
        }
    }

    /// One refresher's token endpoint.
    struct Endpoint: Transport {
        let meeting: Meeting
        let who: Int

        func send(_ head: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse) {
            let request = SentRequest(head: head, body: body)
            let count = await meeting.refresh(by: who)
            let body = Data(
                #"{"access_token": "at_rotated_\#(count)_0123456789", "token_type": "Bearer", "expires_in": 3600, "refresh_token": "rt_rotated_\#(count)_0123456789"}"#
                    .utf8)
            return (body, response(request, 200))
        }
    }

    /// A file store that says when a refresher comes to its lock.
    struct ObservedStore: LoginStateRepository {
        let store: FileLoginStateStore
        let atTheLock: @Sendable () -> Void

        func load() throws -> LoginState { try store.load() }
        func save(_ credential: Credential) throws { try store.save(credential) }
        func clear() throws { try store.clear() }
        func update<Result>(_ change: (inout LoginState) throws -> Result) throws -> Result {
            try store.update(change)
        }
        func withExclusiveAccess<Result: Sendable>(_ body: (ExclusiveLoginState) async throws -> Result)
            async throws -> Result
        {
            atTheLock()
            return try await store.withExclusiveAccess(body)
        }
    }

    /// The refresh requests two refreshers send for one due session.
    func refreshRequests(exclusion: TokenRefresher.Exclusion) async throws -> Int {
        let folder = TemporaryDirectory()
        let file = folder.file("session.json")
        let now = TokenRefresherTests.now
        try FileLoginStateStore(fileURL: file).save(TokenRefresherTests().session(expiresIn: -5))
        let meeting = Meeting()
        let refreshers = (0..<2).map { who in
            TokenRefresher.patient(
                repository: ObservedStore(
                    store: FileLoginStateStore(fileURL: file, lockTimeout: Sample.lockTimeoutUnderLoad)
                ) { meeting.arrive(who) },
                transport: Endpoint(meeting: meeting, who: who), now: { now }, exclusion: exclusion)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for refresher in refreshers {
                group.addTask { _ = try #require(try await refresher.currentCredential()) }
            }
            try await group.waitForAll()
        }
        return meeting.refreshes
    }

    @Test(.hangGuard) func theStoreLockLetsOneOfTwoRefreshersSendTheRefresh() async throws {
        #expect(try await refreshRequests(exclusion: .storeLock) == 1)
    }

    @Test(.hangGuard) func withoutTheLockBothSendTheSameRefreshToken() async throws {
        #expect(try await refreshRequests(exclusion: .none) == 2)
    }
}
