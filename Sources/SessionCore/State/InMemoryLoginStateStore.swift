import SessionSupport
import SessionSystem

/// A store that keeps its sessions in memory, safe to use from any thread.
///
/// For tests, previews and processes that must not touch the disk. The
/// sessions end with the store. It keeps many sessions by the same rules as
/// ``FileLoginStateStore`` (see ``LoginStateStore``).
///
/// ```swift
/// let store = InMemoryLoginStateStore(.loggedIn(credential))
/// let usecase = LoginUsecase(repository: store, provider: provider)
/// ```
public final class InMemoryLoginStateStore: LoginStateStore, SessionStorage {
    private let state: Locked<SessionSet>
    private let exclusive = AsyncLock()
    private let changed = ChangeSignal()

    /// - Parameter state: The state the store starts with: no session, or one, the default.
    public init(_ state: LoginState = .loggedOut) {
        var sessions = SessionSet()
        if let credential = state.credential {
            sessions = SessionSet(
                checked: [SessionSet.Entry(credential: credential, usedAt: Date())],
                defaultKey: credential.key)
        }
        self.state = Locked(sessions)
    }

    private var defaultSession: SessionView<InMemoryLoginStateStore> { SessionView(self, .defaultSession) }

    /// The default session.
    public func load() -> LoginState {
        state.withLock { $0.entry(.defaultSession)?.decoded.map(LoginState.loggedIn) ?? .loggedOut }
    }

    /// A login: replaces the session with `credential`'s key, or adds one, and makes it the default.
    ///
    /// - Throws: ``LoginStateStoreError/tooManySessions(limit:)``.
    public func save(_ credential: Credential) throws {
        try defaultSession.save(credential)
    }

    /// Logs out of the default session; the most recently used of the others becomes the default.
    public func clear() {
        changing { _ = $0.remove(.defaultSession) }
    }

    /// Runs `body` holding the store's writer lock across its awaits.
    public func withExclusiveAccess<Result: Sendable>(_ body: (ExclusiveLoginState) async throws -> Result)
        async throws -> Result
    {
        try await defaultSession.withExclusiveAccess(body)
    }

    /// `false`: its calls take a lock no call holds for long, and never wait otherwise.
    public var mayWait: Bool { false }

    /// "Read again" after each change the store makes.
    public func stateChanges() -> AsyncStream<Void> {
        changed.changes()
    }

    /// Runs `change` on the default session under the store's lock.
    @discardableResult
    public func update<Result>(_ change: (inout LoginState) throws -> Result) throws -> Result {
        try defaultSession.update(change)
    }

    /// Every session, the default first, then the others from the most recently used.
    public func sessions() -> [StoredSession] {
        state.withLock { sessions in
            sessions.byUse.compactMap { entry in
                entry.decoded.map {
                    StoredSession(
                        credential: $0, isDefault: entry.key == sessions.defaultKey, usedAt: entry.usedAt)
                }
            }
        }
    }

    /// The repository of the session with `key`.
    public func repository(for key: SessionKey) -> any LoginStateRepository { SessionView(self, .key(key)) }

    /// Makes the session with `key` the default.
    public func makeDefault(_ key: SessionKey) throws {
        try changing { try $0.makeDefault(key, at: Date()) }
    }

    /// Removes the session with `key`, and returns it.
    @discardableResult
    public func remove(_ key: SessionKey) -> Credential? {
        changing { $0.remove(.key(key))?.decoded }
    }

    /// Removes every session, and returns them.
    @discardableResult
    public func removeAll() -> [Credential] {
        changing { $0.removeAll().compactMap(\.decoded) }
    }

    package func readSessions() -> SessionSet { state.withLock { $0 } }

    /// Memory holds every secret, wherever ``Credential/secretsLocation`` says.
    package func withSecrets(_ credential: Credential) -> Credential { credential }

    /// A change of the sessions, then "read again" to every watcher.
    private func changing<Result>(_ change: (inout SessionSet) throws -> Result) rethrows -> Result {
        defer { changed.send() }
        return try state.withLock { try change(&$0) }
    }

    package func changeSessions<Result>(_ kind: SessionChange, _ change: (inout SessionSet) throws -> Result)
        throws -> Result
    {
        try changing { try change(&$0) }
    }

    package func withSessionsLocked<Result: Sendable>(_ body: (LockedSessions) async throws -> Result)
        async throws -> Result
    {
        try await exclusive.withLock {
            try await body(
                LockedSessions(
                    read: { [state] in state.withLock { $0 } },
                    write: { [self] sessions in changing { $0 = sessions } }))
        }
    }
}
