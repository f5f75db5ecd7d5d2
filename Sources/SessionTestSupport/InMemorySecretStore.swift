package import SessionCore
import SessionSupport
import SessionSystem

/// A secret store kept in memory, for tests: each session's generations
/// as a ``SecretStore`` keeps them, counted secret by secret as the system
/// keyring keeps them (one item each), and a switch that makes every call
/// fail as a keyring that cannot be reached does.
package final class InMemorySecretStore: SecretStore {
    private struct Generation: Hashable {
        let session: SessionKey
        let name: String
    }

    private let generations = Locked<[Generation: SessionSecrets]>([:])
    private let failure = Locked<KeyringError?>(nil)

    package init() {}

    /// Makes every call fail with `error`, as the keyring fails (`nil`: work again).
    package func failWith(_ error: KeyringError?) { failure.withLock { $0 = error } }

    package func prepare() throws { try check() }

    /// How many secrets it holds (one item each), and how many for `key`.
    package func count(for key: SessionKey? = nil) -> Int {
        generations.withLock { generations in
            generations.filter { key == nil || $0.key.session == key }.values.map(Self.items).reduce(0, +)
        }
    }

    /// Whether any generation holds `secret`.
    package func holds(_ secret: AuthToken) -> Bool {
        generations.withLock { generations in
            generations.values.contains {
                [$0.accessToken, $0.refreshToken, $0.idToken, $0.clientSecret, $0.dpopKey].contains(secret)
            }
        }
    }

    package func save(_ secrets: SessionSecrets, for session: SessionKey, generation: String) throws {
        try check()
        generations.withLock { $0[Generation(session: session, name: generation)] = secrets }
    }

    package func secrets(for session: SessionKey, generation: String) throws -> SessionSecrets? {
        try check()
        // As the keyring says it: the test of a reader that races a writer expects its words.
        guard let secrets = generations.withLock({ $0[Generation(session: session, name: generation)] })
        else {
            throw KeyringError.missingSecret(item: SecretKind.accessToken.words)
        }
        return secrets
    }

    package func removeSecrets(for session: SessionKey, keeping generation: String?) throws {
        try check()
        generations.withLock { generations in
            generations = generations.filter { $0.key.session != session || $0.key.name == generation }
        }
    }

    private static func items(_ secrets: SessionSecrets) -> Int {
        1
            + [secrets.refreshToken, secrets.idToken, secrets.clientSecret, secrets.dpopKey].compactMap { $0 }
            .count
    }

    private func check() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
