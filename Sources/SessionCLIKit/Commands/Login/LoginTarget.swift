import SessionCore
import SessionSupport

/// Where a login saves: the session with the new credential's key is
/// replaced (and kept here, to be revoked) or one is added, and it becomes
/// the default, as one step under the store's lock.
final class LoginTarget: LoginStateRepository {
    let store: FileLoginStateStore
    private let replacedSession = Locked<Credential?>(nil)

    init(_ store: FileLoginStateStore) {
        self.store = store
    }

    /// The session the login replaced, if it replaced one.
    var replaced: Credential? { replacedSession.withLock { $0 } }

    func load() throws -> LoginState { try store.load() }

    func save(_ credential: Credential) throws {
        try store.changeSessions(.save) { sessions in
            // A session there that cannot be read is replaced all the same, with nothing to revoke.
            let previous = try? sessions.entry(.key(credential.key))?.credential()
            try sessions.login(credential, at: Date())
            replacedSession.withLock { $0 = previous }
        }
    }

    func clear() throws { try store.clear() }
}
