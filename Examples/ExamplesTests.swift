import Foundation
import Session
import SessionSupport
import SessionSystem
import SessionTestSupport
import Testing

extension Tag {
    /// Needs Python 3 (the tests' HTTP server).
    @Tag static var python: Self
    /// Needs packages from PyPI (the tests' OAuth provider).
    @Tag static var pypi: Self
}

/// Each example runs as a user would run it, against real peers: the tests'
/// OAuth provider and HTTP server on 127.0.0.1.
@Suite struct ExamplesTests {
    @Test(.tags(.pypi)) func theDeviceFlowSignsInOnceThePersonApproves() async throws {
        try await withTestProvider { provider in
            let store = InMemoryLoginStateStore()
            let approval = Locked<Task<Void, any Error>?>(nil)
            let state = try await signInWithTheDeviceFlow(
                issuer: provider.issuer, clientID: "cli-device",
                deviceEndpoint: provider.issuer.appendingPathComponent("o/device-authorization/"),
                store: store
            ) { prompt in
                approval.withLock {
                    $0 = Task { try await provider.approveDevice(userCode: prompt.userCode) }
                }
            }
            try await approval.withLock { $0 }?.value
            #expect(state.credential?.account == "alice")
            #expect(store.load() == state)
        }
    }

    @Test @MainActor func theButtonFollowsTheSession() async throws {
        let store = InMemoryLoginStateStore()
        let token = try AuthToken("example-token-0123456789")
        let model = LoginButtonViewModel(
            usecase: LoginUsecase(
                repository: store,
                provider: StaticCredentialProvider(Credential(token: token, account: "alice"))))
        try model.refresh(language: "en")
        #expect(model.title == "Log in" && model.color == .blue)
        try await model.press(language: "ja")
        #expect(model.title == "ログアウト" && model.color == .red)
        #expect(store.load().credential?.account == "alice")
        try await model.press(language: "en")
        #expect(model.title == "Log in" && store.load() == .loggedOut)
    }

    /// The model redraws itself when someone else changes the session.
    @Test @MainActor func theButtonRedrawsItselfWhenTheSessionChanges() async throws {
        let store = InMemoryLoginStateStore()
        let model = LoginButtonViewModel(usecase: LoginUsecase(repository: store))
        let (redraws, redrawn) = AsyncStream<String>.makeStream()
        model.onRedraw = { redrawn.yield(model.title) }
        let following = Task { try await model.follow(language: "en") }
        defer { following.cancel() }
        var titles = redraws.makeAsyncIterator()
        #expect(await titles.next() == "Log in")
        try store.save(Credential(token: try AuthToken("example-token-0123456789"), account: "alice"))
        #expect(await titles.next() == "Log out")
        store.clear()
        #expect(await titles.next() == "Log in")
    }

    @Test(.tags(.python)) func theClientSignsRequestsUntilLogout() async throws {
        try await withLoopbackServer { server in
            let store = InMemoryLoginStateStore()
            try store.save(
                Credential(token: try AuthToken("example-token-0123456789"), server: server.originA))
            #expect(try await whoAmI(server: server.originA, store: store) == "alice")
            store.clear()
            await #expect(throws: NetworkError.self) {
                try await whoAmI(server: server.originA, store: store)
            }
        }
    }

    /// A store of one's own keeps the writer lock across awaits: ten refreshes
    /// that each hold it over a suspension never overlap, and the last one
    /// written is what the store holds.
    @Test func aStoreOfYourOwnKeepsItsLockAcrossAwaits() async throws {
        let store = DictionaryStore()
        let holders = Locked((now: 0, most: 0))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 0..<10 {
                group.addTask {
                    try await store.withExclusiveAccess { locked in
                        holders.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        await Task.yield()
                        try locked.save(Credential(token: try AuthToken("token-\(number)-0123456789")))
                        holders.withLock { $0.now -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(holders.withLock { $0.most } == 1, "two holders of the writer lock at once")
        #expect(store.load().credential != nil)
    }

    /// A secret store of your own (`FolderSecretStore`): the session file
    /// and the list of sessions hold no token, `load()` gives it back, a new
    /// token replaces the old generation, and a logout leaves nothing.
    @Test func aSecretStoreOfYourOwnKeepsTheTokensOutOfTheSessionFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("examples-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let vault = folder.appendingPathComponent("vault")
        let store = FileLoginStateStore(
            fileURL: folder.appendingPathComponent("session.json"), secrets: FolderSecretStore(folder: vault))
        let secret = "example-secret-token-0123456789"
        var credential = Credential(
            token: try AuthToken(secret), account: "alice", server: URL(string: "https://api.example.com"))
        credential.refreshToken = try AuthToken("example-refresh-token-0123456789")
        credential.secretsLocation = .keyring
        try store.save(credential)

        // Compared as Booleans, so a failure never prints a token.
        let file = try String(contentsOf: store.fileURL, encoding: .utf8)
        let fileHoldsAToken = file.contains(secret) || file.contains("example-refresh-token")
        #expect(!fileHoldsAToken, "a token is in the session file")
        // The list has no token to give: a summary, with what a person may see of one.
        let listed = try store.sessions().map(\.summary)
        #expect(listed.map(\.tokenPreview) == ["exam********"] && listed.first?.account == "alice")
        #expect(try store.load() == .loggedIn(credential), "load() gives the secrets back")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path).count == 1)

        credential.token = try AuthToken("example-rotated-token-0123456789")
        try store.save(credential)
        #expect(try store.load() == .loggedIn(credential))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: vault.path).count == 1,
            "the old generation went")

        try store.clear()
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    }
}
