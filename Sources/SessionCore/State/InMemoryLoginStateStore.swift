import SessionSupport

/// A store that keeps the session in memory, safe to use from any thread.
///
/// For tests, previews and processes that must not touch the disk. The session
/// ends with the store.
///
/// ```swift
/// let store = InMemoryLoginStateStore(.loggedIn(credential))
/// let usecase = LoginUsecase(repository: store, provider: provider)
/// ```
public final class InMemoryLoginStateStore: LoginStateRepository {
    private let state: Locked<LoginState>
    private let exclusive = AsyncLock()

    /// - Parameter state: The state the store starts with.
    public init(_ state: LoginState = .loggedOut) {
        self.state = Locked(state)
    }

    /// The current state.
    public func load() -> LoginState {
        state.withLock { $0 }
    }

    /// Replaces the session with `credential`.
    public func save(_ credential: Credential) {
        state.withLock { $0 = .loggedIn(credential) }
    }

    /// Removes the session.
    public func clear() {
        state.withLock { $0 = .loggedOut }
    }

    /// Runs `body` holding the store's writer lock across its awaits.
    public func withExclusiveAccess<Result: Sendable>(_ body: (ExclusiveLoginState) async throws -> Result)
        async throws -> Result
    {
        try await exclusive.withLock {
            try await body(
                ExclusiveLoginState(
                    load: { [state] in state.withLock { $0 } },
                    save: { [state] credential in state.withLock { $0 = .loggedIn(credential) } },
                    clear: { [state] in state.withLock { $0 = .loggedOut } }))
        }
    }

    /// Runs `change` on the state under the store's lock.
    @discardableResult
    public func update<Result>(_ change: (inout LoginState) throws -> Result) rethrows -> Result {
        try state.withLock { try change(&$0) }
    }
}
