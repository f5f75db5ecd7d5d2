import SessionSystem

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Where a login session is kept.
///
/// Two stores ship with the library: ``FileLoginStateStore`` for apps, servers
/// and the command-line tool, and ``InMemoryLoginStateStore`` for tests and
/// previews. Everything else — ``LoginUsecase``, ``AuthTokenHeaderBehavior``,
/// ``UnauthorizedLogoutBehavior`` — reads and writes the session through this
/// protocol, so logging out in one place is seen everywhere at once.
///
/// ```swift
/// let store: any LoginStateRepository = InMemoryLoginStateStore()
/// try store.save(credential)
/// try store.isLoggedIn()   // true
/// try store.clear()
/// ```
public protocol LoginStateRepository: Sendable {
    /// Reads the current state. A store with no session returns `.loggedOut`.
    func load() throws -> LoginState
    /// Replaces the session with `credential`.
    func save(_ credential: Credential) throws
    /// Removes the session. Clearing a store with no session succeeds.
    func clear() throws
    /// Reads the state, lets `change` edit it, and writes the result back as
    /// one step: a compare-and-clear or a read-modify-write.
    ///
    /// Both shipped stores run it under their writer lock, so no other
    /// writer comes in between. The default, for other stores, loads, calls
    /// `change` and saves or clears when the state changed; it is atomic only
    /// if the store's own `load` and `save` are.
    func update<Result>(_ change: (inout LoginState) throws -> Result) throws -> Result
    /// Runs `body` holding the store's writer lock across its `await`s: for
    /// a refresh, which reads the session, asks the provider and saves the
    /// answer as one step that no other writer, in this process or another,
    /// comes into.
    ///
    /// Both shipped stores implement it (the file store with its `flock`).
    /// The default, for other stores, runs `body` without any lock.
    func withExclusiveAccess<Result: Sendable>(_ body: (ExclusiveLoginState) async throws -> Result)
        async throws
        -> Result
    /// Moments at which the state may have changed: a write by this process
    /// or by another, as far as the store can know. Each element says "read
    /// again"; several changes may come as one, but one always comes after
    /// the last. The watch starts when this is called, before the first
    /// element is asked for, and ends when the iterating task is cancelled.
    ///
    /// ``FileLoginStateStore`` learns of every write from the operating
    /// system, and ``InMemoryLoginStateStore`` signals its own. The default,
    /// for other stores, never signals: ``LoginUsecase/statuses()`` then sees
    /// the writes made through the usecase itself, and the token expiring.
    ///
    /// - Throws: When the store cannot watch itself: for the file store, a
    ///   ``SessionFileError/io(path:operation:code:)`` whose operation is
    ///   `watch` (the system's limit of watches or open files reached).
    func stateChanges() throws -> AsyncStream<Void>
    /// Whether a call can wait longer than reading a small file takes: for
    /// another process's writer lock, or a secret store's prompt.
    ///
    /// The library's asynchronous code (``AuthTokenHeaderBehavior``,
    /// `TokenRefresher`, `UnauthorizedLogoutBehavior`, ``LoginUsecase``'s
    /// button) then calls the store on a thread of its own, so a wait never
    /// holds one of Swift's cooperative threads, of which there are as many
    /// as cores. ``FileLoginStateStore`` may wait (a writer, up to its
    /// ``FileLoginStateStore/lockTimeout``; a keyring read, up to
    /// ``SessionLimits/keyringUnlockWait`` at an unlock prompt);
    /// ``InMemoryLoginStateStore`` never does. The default, for other
    /// stores, is `true`.
    var mayWait: Bool { get }
    /// The session without its secrets: what a status shows. A store that
    /// keeps the secrets apart (``FileLoginStateStore`` with the keyring)
    /// reads it without asking for them; the default loads the session
    /// and summarizes it.
    func sessionSummary() throws -> SessionSummary?
}

extension LoginStateRepository {
    /// The default ``sessionSummary()``: the loaded session, summarized.
    public func sessionSummary() throws -> SessionSummary? {
        try load().credential.map(SessionSummary.init)
    }

    /// The default ``mayWait``: a store the library does not know may wait.
    public var mayWait: Bool { true }

    /// Runs `body` with this store where a wait holds no cooperative thread:
    /// on a thread of its own when the store ``mayWait``, else here.
    package func calling<Result: Sendable>(_ body: @escaping @Sendable (Self) throws -> Result) async throws
        -> Result
    {
        guard mayWait else { return try body(self) }
        return try await OwnThread.run { [self] in try body(self) }
    }

    /// The default ``stateChanges()``: a store that cannot tell when it
    /// changed never signals.
    public func stateChanges() -> AsyncStream<Void> {
        AsyncStream { _ in }
    }

    /// The default ``withExclusiveAccess(_:)``: no lock, the store's own operations.
    public func withExclusiveAccess<Result: Sendable>(
        _ body: (ExclusiveLoginState) async throws -> Result
    ) async throws -> Result {
        try await body(ExclusiveLoginState(load: load, save: save, clear: clear))
    }

    /// The default ``update(_:)``: load, change, then save or clear if the state changed.
    @discardableResult
    public func update<Result>(_ change: (inout LoginState) throws -> Result) throws -> Result {
        try ExclusiveLoginState(load: load, save: save, clear: clear).update(change)
    }

    /// Removes the session and returns what it removed, as one step: under
    /// the writer lock for the shipped stores, so what a logout revokes at
    /// the provider is exactly what it removed, never a token another
    /// process has rotated meanwhile.
    ///
    /// ```swift
    /// if let removed = try store.removeCredential() { revoke(removed) }
    /// ```
    /// - Returns: The removed credential; `nil` when there was no session.
    @discardableResult
    public func removeCredential() throws -> Credential? {
        try update { state in
            defer { state = .loggedOut }
            return state.credential
        }
    }

    /// Whether the store holds a session that is usable at `date`
    /// (``Credential/isUsable(at:)``): its token has not expired, or it can be refreshed.
    public func isLoggedIn(at date: Date = Date()) throws -> Bool {
        try load().credential?.isUsable(at: date) ?? false
    }
}
