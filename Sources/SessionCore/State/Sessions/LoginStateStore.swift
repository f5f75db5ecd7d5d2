/// A store of many sessions, side by side, one of them the default.
///
/// As a ``LoginStateRepository`` the store is its default session: code
/// written for one session (``LoginUsecase``, ``AuthTokenHeaderBehavior``,
/// ``TokenRefresher``) keeps working, and sees the default. A login through
/// that view (``LoginStateRepository/save(_:)``) replaces the session with
/// the same ``SessionKey``, or adds one, and makes it the default.
///
/// The repository of one session (``repository(for:)``) reads and writes
/// that session only and never changes which one is the default: selecting
/// a session for a task, a shell or a view is not switching.
///
/// ```swift
/// let key = SessionKey(server: URL(string: "https://staging.example.com"), account: "alice")
/// let staging = store.repository(for: key)
/// let client = NetworkClient(baseURL: stagingURL, transport: URLSessionTransport(),
///                            behavior: AuthTokenHeaderBehavior(repository: staging))
/// try store.makeDefault(key)   // switch, explicitly
/// ```
public protocol LoginStateStore: LoginStateRepository {
    /// Every session, the default first, then the others from the most
    /// recently used.
    func sessions() throws -> [StoredSession]
    /// The repository of the session with `key`: `.loggedOut` until one is
    /// saved there. Saving through it never changes the default, except
    /// that the first session of an empty store is the default.
    func repository(for key: SessionKey) -> any LoginStateRepository
    /// Makes the session with `key` the default.
    ///
    /// - Throws: ``LoginStateStoreError/noSuchSession(_:)`` when there is none.
    func makeDefault(_ key: SessionKey) throws
    /// Removes the session with `key`, and returns it; `nil` when there was
    /// none. When it was the default, the most recently used of the others
    /// becomes the default.
    @discardableResult func remove(_ key: SessionKey) throws -> Credential?
    /// Removes every session, and returns them.
    @discardableResult func removeAll() throws -> [Credential]
}

/// Why a ``LoginStateStore`` refused a change.
///
/// ```swift
/// do { try store.makeDefault(key) } catch LoginStateStoreError.noSuchSession(let key) { print("no", key) }
/// ```
public enum LoginStateStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There is no session with this key.
    case noSuchSession(SessionKey)
    /// The store already holds ``SessionLimits/sessionCount`` sessions; one
    /// must go before another is added.
    case tooManySessions(limit: Int)

    /// The message: what failed and what to do next.
    public var description: String {
        switch self {
        case .noSuchSession(let key):
            "there is no session for \(key)"
        case .tooManySessions(let limit):
            "the store already holds \(limit) sessions, the most it keeps; log out of one before adding another"
        }
    }
}
