import Foundation
import Session

/// A store of your own: the session kept wherever you keep things (here a
/// dictionary, as a keychain or a database would hold it), with a lock of
/// the store's own that a refresh holds across its `await`s. The refresher,
/// the token behavior and the usecase work with it unchanged.
final class DictionaryStore: LoginStateRepository, @unchecked Sendable {
    private let lock = NSLock()  // guards `storage`, for a moment at a time
    private var storage: [String: Credential] = [:]
    private let writer = WriterLock()  // held by a refresh while it waits for the provider

    func load() -> LoginState {
        lock.withLock { storage["session"].map(LoginState.loggedIn) ?? .loggedOut }
    }

    func save(_ credential: Credential) {
        lock.withLock { storage["session"] = credential }
    }

    func clear() {
        lock.withLock { storage["session"] = nil }
    }

    /// Holds the store's own writer lock across `body`'s awaits: the
    /// operations handed to `body` take no lock of their own.
    func withExclusiveAccess<Result: Sendable>(_ body: (ExclusiveLoginState) async throws -> Result)
        async throws -> Result
    {
        await writer.acquire()
        defer { writer.release() }
        return try await body(
            ExclusiveLoginState(
                load: { [self] in load() }, save: { [self] in save($0) }, clear: { [self] in clear() }))
    }
}

/// A lock a task can hold across awaits: waiters suspend, never block a thread.
final class WriterLock: @unchecked Sendable {
    private let lock = NSLock()
    private var held = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        await withCheckedContinuation { continuation in
            let acquired = lock.withLock {
                guard held else {
                    held = true
                    return true
                }
                waiters.append(continuation)
                return false
            }
            if acquired { continuation.resume() }
        }
    }

    func release() {
        let next = lock.withLock {
            guard !waiters.isEmpty else {
                held = false
                return nil as CheckedContinuation<Void, Never>?
            }
            return waiters.removeFirst()
        }
        next?.resume()
    }
}
