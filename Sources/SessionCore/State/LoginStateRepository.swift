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
}

extension LoginStateRepository {
    /// Whether the store holds a session that has not expired at `date`.
    public func isLoggedIn(at date: Date = Date()) throws -> Bool {
        try load().activeCredential(at: date) != nil
    }
}
