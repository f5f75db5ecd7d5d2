import SessionCore
import SessionSupport
import SessionSystem

/// Where a login saves: the session with the new credential's key is
/// replaced (and kept here, with its secrets, to be revoked) or one is
/// added, and it becomes the default, as one step under the store's lock.
/// Its tokens go where `--secrets` says, else where the session it replaces
/// kept them, else in the file.
final class LoginTarget: LoginStateRepository {
    let store: FileLoginStateStore
    let secrets: SecretsLocation?
    private let outcome = Locked<(replaced: Credential?, saved: Credential?, unsaved: Credential?)>(
        (nil, nil, nil))

    init(_ store: FileLoginStateStore, secrets: SecretsLocation?) {
        self.store = store
        self.secrets = secrets
    }

    /// The session the login replaced, if it replaced one: with its secrets,
    /// or holding stand-ins when the keyring could not give them.
    var replaced: Credential? { outcome.withLock { $0.replaced } }
    /// The session saved.
    var saved: Credential? { outcome.withLock { $0.saved } }
    /// The session signed in but not saved (the keyring would not keep it).
    var unsaved: Credential? { outcome.withLock { $0.unsaved } }

    func load() throws -> LoginState { try store.load() }

    func save(_ credential: Credential) throws {
        var credential = credential
        do {
            try store.changeSessions(.save) { sessions in
                // A session there that cannot be read is replaced all the same, with nothing to revoke.
                let previous = try? sessions.entry(.key(credential.key))?.credential()
                credential.secretsLocation = secrets ?? previous?.secretsLocation ?? .file
                try sessions.login(credential, at: Date())
                // Its secrets are read now: the write deletes them from the keyring.
                let replaced = previous.map { (try? store.withSecrets($0)) ?? $0 }
                outcome.withLock { $0 = (replaced, credential, nil) }
            }
        } catch {
            outcome.withLock { $0.unsaved = credential }
            throw error
        }
    }

    func clear() throws { try store.clear() }
}
