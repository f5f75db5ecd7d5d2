import Foundation
import SessionCore
import SessionNetworking
import SessionTestSupport

/// 16 processes that find the session's access token expired at once and
/// refresh it, against the tests' real provider (rotation and reuse
/// detection on): how many refresh requests reach the provider per 16
/// processes, and how many of the 16 get a token. Each process is this
/// benchmark itself (`session-bench refresh-child STORE [--no-lock]`), with
/// the refresher as it ships and with its cross-process step left out.
enum RefreshRaceBenchmark {
    /// The child: one refresher, one `currentCredential()`, exit 0 with a token.
    static func child(store: String, lock: Bool) async -> Int32 {
        let refresher = TokenRefresher(
            repository: FileLoginStateStore(fileURL: URL(fileURLWithPath: store)),
            exclusion: lock ? .storeLock : .none)
        return (try? await refresher.currentCredential()) != nil ? 0 : 1
    }

    static func run(rounds: Int = 5) async throws {
        let own = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let modes = [
            (name: "as shipped (store lock)", lock: true),
            (name: "without the cross-process step", lock: false),
        ]
        print(
            "| refresher | refresh requests per 16 processes (median of \(rounds); min–max) | processes that got a token (median) | session alive afterwards |"
        )
        print("|---|---|---|---|")
        for mode in modes {
            try await withOAuthProvider(environment: ["PROVIDER_DEVICE_INTERVAL": "0"]) { provider in
                var requests: [Int] = []
                var printed: [Int] = []
                var alive = 0
                for _ in 0..<rounds {
                    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
                        "race-\(UUID().uuidString)")
                    defer { try? FileManager.default.removeItem(at: home) }
                    let store = home.appendingPathComponent("session.json")
                    try await signIn(own, provider, store)
                    let fileStore = FileLoginStateStore(fileURL: store)
                    try fileStore.update { state in
                        guard var credential = state.credential else { return }
                        credential.expiresAt = Date().addingTimeInterval(-10)
                        state = .loggedIn(credential)
                    }
                    let before = try await provider.counts()["refresh_token"] ?? 0
                    let processes = try (0..<16).map { _ in
                        try start(own, store.path, lock: mode.lock)
                    }
                    var succeeded = 0
                    for process in processes where await process.exitStatus() == 0 { succeeded += 1 }
                    printed.append(succeeded)
                    requests.append((try await provider.counts()["refresh_token"] ?? 0) - before)
                    // Alive: the stored session can still refresh once more.
                    try fileStore.update { state in
                        guard var credential = state.credential else { return }
                        credential.expiresAt = Date().addingTimeInterval(-10)
                        state = .loggedIn(credential)
                    }
                    let check = try start(own, store.path, lock: true)
                    if await check.exitStatus() == 0 { alive += 1 }
                }
                let sorted = requests.sorted()
                print(
                    "| \(mode.name) | \(sorted[sorted.count / 2]) (\(sorted.first ?? 0)–\(sorted.last ?? 0)) | \(printed.sorted()[printed.count / 2]) of 16 | \(alive) of \(rounds) |"
                )
            }
        }
    }

    private static func start(_ folder: URL, _ store: String, lock: Bool) throws -> ChildProcess {
        try ChildProcess(
            [folder.appendingPathComponent("session-bench").path, "refresh-child", store]
                + (lock ? [] : ["--no-lock"]), stderr: .null)
    }

    private static func signIn(_ folder: URL, _ provider: OAuthTestProvider, _ store: URL) async throws {
        let (process, _) = try await DeviceLogin.approve(
            cli: folder.appendingPathComponent("session-cli"), provider: provider, store: store)
        await process.exitStatus()
    }
}
