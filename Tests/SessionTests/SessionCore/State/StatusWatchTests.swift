import Foundation
import SessionSystem
import SessionTestSupport
import Testing

@testable import SessionCore

/// `LoginUsecase.statuses()`: the button follows every change of the
/// session, made by this process or another, and the token expiring, with
/// no polling and nothing left behind. One at a time: the tests count the
/// process's inotify descriptors, watcher threads and wake-ups.
@Suite(.serialized, .hangGuard) struct StatusWatchTests {
    /// Each status another process's change brings, in order: a login, a
    /// switch, a refresh, two logouts, the folder deleted, and a login that
    /// creates it again. A change takes as long as it takes; `session-bench
    /// watch` measures how long.
    @Test(.tags(.python)) func aWatcherSeesEveryChangeAnotherProcessMakes() async throws {
        try await withLoopbackServer { server in
            let cli = CommandRunner()
            let store = FileLoginStateStore(fileURL: cli.defaultStore)
            var statuses = LoginUsecase(repository: store).statuses().makeAsyncIterator()
            #expect(try await statuses.next()?.phase == .loggedOut)

            // This process saves a session whose access token expired but can be refreshed.
            let provider = OAuthProvider(
                issuer: server.originA, clientID: "watch",
                tokenEndpoint: server.originA.appendingPathComponent("oauth/token"))
            let bob = Credential(
                token: Sample.token("at_bob_0123456789"), refreshToken: Sample.token("rt_bob_0123456789"),
                account: "bob", server: server.originA, expiresAt: Date().addingTimeInterval(-10),
                provider: provider)
            try store.save(bob)
            var status = try #require(try await statuses.next())
            #expect(
                status.session == SessionSummary(bob) && status.phase == .loggedIn && status.refreshesOnUse)

            // Another process logs in: its session is the default now.
            let login = try await cli.run(
                ["login", "--with-token", "--user", "alice", "--expires-in", "3600"],
                stdin: "tok_alice_0123456789".data)
            #expect(login.status == 0, "\(login.stderr)")
            status = try #require(try await statuses.next())
            #expect(status.session?.account == "alice" && status.phase == .loggedIn)

            // It switches back: bob's session, still to be refreshed.
            #expect(try await cli.run(["switch"]).status == 0)
            status = try #require(try await statuses.next())
            #expect(status.session == SessionSummary(bob) && status.refreshesOnUse)

            // It refreshes bob's session: a new token, no longer expired.
            #expect(try await cli.run(["token"]).status == 0)
            status = try #require(try await statuses.next())
            #expect(status.session?.account == "bob" && status.session != SessionSummary(bob))
            #expect(try store.load().credential?.token != bob.token, "a new token")
            #expect(status.phase == .loggedIn && !status.refreshesOnUse)

            // It logs out of bob (alice is the default again), then of alice.
            #expect(try await cli.run(["logout", "--local"]).status == 0)
            status = try #require(try await statuses.next())
            #expect(status.session?.account == "alice")
            #expect(try await cli.run(["logout", "--local"]).status == 0)
            #expect(try await statuses.next()?.phase == .loggedOut)

            // A login, then the folder deleted by another process, then a login that creates it again.
            let carol = ["login", "--with-token", "--user", "carol"]
            #expect(try await cli.run(carol, stdin: "tok_carol_0123456789".data).status == 0)
            #expect(try await statuses.next()?.session?.account == "carol")
            let folder = cli.defaultStore.deletingLastPathComponent()
            let remove = try ChildProcess(["/bin/rm", "-rf", folder.path])
            #expect(await remove.exitStatus() == 0)
            #expect(try await statuses.next()?.phase == .loggedOut)
            #expect(try await cli.run(carol, stdin: "tok_carol_second_0123456789".data).status == 0)
            status = try #require(try await statuses.next())
            #expect(status.session?.account == "carol")
            // Compared as a Boolean, so a failure never prints a token.
            let secondToken = try store.load().credential?.token.value == "tok_carol_second_0123456789"
            #expect(secondToken, "the second login's token")
        }
    }

    /// A token that expires with nothing written turns the status to
    /// expired by itself: a timer set to the expiry, not a poll.
    @Test(arguments: StoreKind.allCases)
    func aTokenExpiringWithNothingWrittenTurnsTheStatusExpired(kind: StoreKind) async throws {
        let (store, directory) = kind.makeStore()
        _ = directory
        let expiresAt = Date().addingTimeInterval(2)
        try store.save(Credential(token: Sample.token(), account: "alice", expiresAt: expiresAt))
        var statuses = LoginUsecase(repository: store).statuses().makeAsyncIterator()
        #expect(try await statuses.next()?.phase == .loggedIn)
        let expired = try #require(try await statuses.next())
        #expect(expired.phase == .expired)
        #expect(expired.checkedAt >= expiresAt.wholeSeconds, "judged expired before the expiry")
    }

    /// A watcher of one session is told about that session only; the
    /// default's watcher is told about a switch.
    @Test(arguments: StoreKind.allCases)
    func aWatcherOfOneSessionIsToldAboutThatSessionOnly(kind: StoreKind) async throws {
        let (store, directory) = kind.makeStore()
        _ = directory
        let sessions = try #require(store as? any LoginStateStore)
        let alice = ManySessionsTests.session("alice", on: "https://a.example.com")
        let bob = ManySessionsTests.session("bob", on: "https://b.example.com")
        try store.save(alice)
        try store.save(bob)
        var aliceStatuses = LoginUsecase(repository: sessions.repository(for: alice.key)).statuses()
            .makeAsyncIterator()
        var defaultStatuses = LoginUsecase(repository: store).statuses().makeAsyncIterator()
        #expect(try await aliceStatuses.next()?.session == SessionSummary(alice))
        #expect(try await defaultStatuses.next()?.session == SessionSummary(bob))
        var rotated = bob
        rotated.token = Sample.token("tok_bob_rotated_0123456789")
        try sessions.repository(for: bob.key).save(rotated)
        #expect(try await defaultStatuses.next()?.session == SessionSummary(rotated))
        try sessions.makeDefault(alice.key)
        #expect(
            try await defaultStatuses.next()?.session == SessionSummary(alice),
            "the default's watcher follows a switch")
        var renamed = alice
        renamed.token = Sample.token("tok_alice_rotated_0123456789")
        try sessions.repository(for: alice.key).save(renamed)
        // Alice's watcher's next status is her own change: bob's rotation and the switch were not hers.
        #expect(try await aliceStatuses.next()?.session == SessionSummary(renamed))
    }

    /// Started while a session exists, a usecase over the store's default
    /// follows whatever is the default: another process's login of a second
    /// session, its switch back, its logout of the first.
    @Test func aWatcherStartedOnASessionFollowsTheDefaultAsItMoves() async throws {
        let cli = CommandRunner()
        let store = FileLoginStateStore(fileURL: cli.defaultStore)
        let alice = Credential(
            token: Sample.token("tok_alice_0123456789"), account: "alice",
            server: URL(string: "https://a.example"))
        try store.save(alice)
        var statuses = LoginUsecase(repository: store).statuses().makeAsyncIterator()
        #expect(try await statuses.next()?.session == SessionSummary(alice))
        let bob = try await cli.run(
            ["login", "--with-token", "--account", "bob", "--server", "https://b.example"],
            stdin: "tok_bob_0123456789".data)
        #expect(bob.status == 0, "\(bob.stderr)")
        #expect(try await statuses.next()?.session?.account == "bob")
        #expect(try await cli.run(["switch"]).status == 0)
        #expect(try await statuses.next()?.session == SessionSummary(alice))
        #expect(try await cli.run(["logout"]).status == 0)
        let after = try await statuses.next()
        #expect(after?.phase == .loggedIn && after?.session?.account == "bob", "the new default")
    }

    /// A thousand watchers started and cancelled share one inotify
    /// descriptor and one thread while they run, and leave none.
    @Test func aThousandWatchersLeaveNoDescriptorOrThread() async throws {
        let probe = WatcherProbe()
        defer { probe.stop() }
        // The test before dropped its watchers as it returned; their tasks end on their own time.
        await probe.whenIdle()
        let threadsBefore = probe.starts
        #expect(Self.inotifyDescriptors() == 0 && Self.watcherThreads() == 0, "a watch from before")
        let directory = TemporaryDirectory()
        let store = FileLoginStateStore(fileURL: directory.file("app/session.json"))
        let (started, start) = AsyncStream<Void>.makeStream()
        let watchers = (0..<1000).map { _ in
            Task {
                var statuses = LoginUsecase(repository: store).statuses().makeAsyncIterator()
                _ = try? await statuses.next()
                start.yield()
                while (try? await statuses.next()) != nil {}
            }
        }
        var count = 0
        for await _ in started {
            count += 1
            if count == watchers.count { break }
        }
        // The first status is a read: the thread may not have run yet. It names itself first.
        await probe.whenStarted(threadsBefore + 1)
        #expect(Self.inotifyDescriptors() == 1, "one inotify descriptor for all")
        #expect(Self.watcherThreads() == 1, "one thread for all")
        for watcher in watchers { watcher.cancel() }
        for watcher in watchers { await watcher.value }
        await probe.whenIdle()
        #expect(Self.inotifyDescriptors() == 0)
        #expect(Self.watcherThreads() == 0)
    }

    /// A watcher with nothing to watch for sleeps: its thread blocks in
    /// `poll` with no timeout, and no timer is set for a session without expiry.
    @Test func anIdleWatcherStaysAsleep() async throws {
        let directory = TemporaryDirectory()
        let store = FileLoginStateStore(fileURL: directory.file("app/session.json"))
        try store.save(Credential(token: Sample.token(), account: "alice"))
        let watcher = Task {
            var statuses = LoginUsecase(repository: store).statuses().makeAsyncIterator()
            while (try? await statuses.next()) != nil {}
        }
        defer { watcher.cancel() }
        let probe = WatcherProbe()
        defer { probe.stop() }
        let before = probe.wakeups
        // Not a wait for something: five seconds in which nothing happens, counted.
        try await Task.sleep(for: .seconds(5))
        #expect(probe.wakeups - before <= 2)
    }

    /// A file that turns corrupt ends the statuses with the error `load()` throws.
    @Test func aCorruptFileEndsTheStatusesWithItsError() async throws {
        let directory = TemporaryDirectory()
        let file = directory.file("app/session.json")
        let store = FileLoginStateStore(fileURL: file)
        try store.save(Credential(token: Sample.token(), account: "alice"))
        var statuses = LoginUsecase(repository: store).statuses().makeAsyncIterator()
        #expect(try await statuses.next()?.phase == .loggedIn)
        try Data("{not json".utf8).write(to: file)
        await #expect(throws: SessionFileError.corrupt(path: store.path, reason: "not valid JSON")) {
            _ = try await statuses.next()
        }
    }

    /// Open descriptors of this process that are inotify instances.
    static func inotifyDescriptors() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0))
                == "anon_inode:inotify"
        }.count
    }

    /// Threads of this process named as the watcher names its thread.
    static func watcherThreads() -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter {
            (try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == InotifyWatcher.threadName
        }.count
    }
}
