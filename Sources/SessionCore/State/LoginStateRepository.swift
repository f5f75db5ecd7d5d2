public import Foundation

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
}

extension LoginStateRepository {
    /// The default ``update(_:)``: load, change, then save or clear if the state changed.
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

    /// Whether the store holds a session that has not expired at `date`.
    public func isLoggedIn(at date: Date = Date()) throws -> Bool {
        try load().activeCredential(at: date) != nil
    }
}
