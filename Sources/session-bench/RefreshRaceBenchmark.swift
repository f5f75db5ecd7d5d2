import Foundation
import SessionCore
import SessionTestSupport

/// 16 `session-cli token` processes that find the access token expired at
/// once, against the tests' real provider (rotation and reuse detection on):
/// how many refresh requests reach the provider per 16 processes, and how
/// many of the 16 print a token. Run with the normal build and with one
/// built `-D NO_CROSS_PROCESS_REFRESH_LOCK` (no cross-process step).
enum RefreshRaceBenchmark {
    static func run(binaries: [(name: String, folder: URL)], rounds: Int = 5) async throws {
        print(
            "| build | refresh requests per 16 processes (median of \(rounds); min–max) | processes that printed a token (median) | session alive afterwards |"
        )
        print("|---|---|---|---|")
        for binary in binaries {
            try await withOAuthProvider(environment: ["PROVIDER_DEVICE_INTERVAL": "0"]) { provider in
                var requests: [Int] = []
                var printed: [Int] = []
                var alive = 0
                for _ in 0..<rounds {
                    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
                        "race-\(UUID().uuidString)")
                    defer { try? FileManager.default.removeItem(at: home) }
                    let store = home.appendingPathComponent("session.json")
                    try await signIn(binary.folder, provider, store)
                    let fileStore = FileLoginStateStore(fileURL: store)
                    try fileStore.update { state in
                        guard var credential = state.credential else { return }
                        credential.expiresAt = Date().addingTimeInterval(-10)
                        state = .loggedIn(credential)
                    }
                    let before = try await provider.counts()["refresh_token"] ?? 0
                    let processes = try (0..<16).map { _ in
                        try start(binary.folder, ["token", "--store", store.path])
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
                    let check = try start(binary.folder, ["token", "--store", store.path])
                    if await check.exitStatus() == 0 { alive += 1 }
                }
                let sorted = requests.sorted()
                print(
                    "| \(binary.name) | \(sorted[sorted.count / 2]) (\(sorted.first ?? 0)–\(sorted.last ?? 0)) | \(printed.sorted()[printed.count / 2]) of 16 | \(alive) of \(rounds) |"
                )
            }
        }
    }

    private static func start(_ folder: URL, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = folder.appendingPathComponent("session-cli")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func signIn(_ folder: URL, _ provider: OAuthTestProvider, _ store: URL) async throws {
        let (process, _) = try await DeviceLogin.approve(
            cli: folder.appendingPathComponent("session-cli"), provider: provider, store: store)
        await process.exitStatus()
    }
}
