/// The session while a writer holds the store's lock: what
/// ``LoginStateRepository/withExclusiveAccess(_:)`` hands its body.
///
/// Reads, saves and clears made through it need no lock of their own (the
/// holder has it), so a body can read, `await` a server, and write the
/// answer with no other writer in between, in this process or another.
///
/// ```swift
/// try await store.withExclusiveAccess { locked in
///     guard var credential = try locked.load().credential else { return }
///     credential.token = try await renew(credential)   // no other writer meanwhile
///     try locked.save(credential)
/// }
/// ```
///
/// A store of your own makes one from its operations that take no lock,
/// while it holds its lock (see <doc:TheSessionFile>):
///
/// ```swift
/// func withExclusiveAccess<Result: Sendable>(
///     _ body: (ExclusiveLoginState) async throws -> Result
/// ) async throws -> Result {
///     try await lock.withLock {
///         try await body(ExclusiveLoginState(load: loadUnlocked, save: saveUnlocked, clear: clearUnlocked))
///     }
/// }
/// ```
public struct ExclusiveLoginState: Sendable {
    private let loadState: @Sendable () throws -> LoginState
    private let saveCredential: @Sendable (Credential) throws -> Void
    private let clearState: @Sendable () throws -> Void

    /// The three operations of a store whose lock is held: each must take
    /// no lock of its own, or the body would wait for itself.
    public init(
        load: @escaping @Sendable () throws -> LoginState,
        save: @escaping @Sendable (Credential) throws -> Void,
        clear: @escaping @Sendable () throws -> Void
    ) {
        loadState = load
        saveCredential = save
        clearState = clear
    }

    /// Reads the session again.
    public func load() throws -> LoginState { try loadState() }
    /// Replaces the session, durably, before returning.
    public func save(_ credential: Credential) throws { try saveCredential(credential) }
    /// Removes the session.
    public func clear() throws { try clearState() }

    /// Reads the session, lets `change` edit it, and saves or clears it when
    /// it changed; nothing is written otherwise, or when `change` throws.
    @discardableResult
    public func update<Result>(_ change: (inout LoginState) throws -> Result) throws -> Result {
        let before = try load()
        var after = before
        let result = try change(&after)
        if after != before {
            switch after {
            case .loggedIn(let credential): try save(credential)
            case .loggedOut: try clear()
            }
        }
        return result
    }
}
