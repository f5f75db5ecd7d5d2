import SessionSupport

/// Where a store of sessions keeps their secrets apart from the rest: what
/// ``FileLoginStateStore`` asks of the session file's place for secrets
/// (``FileSecretStore``), of the system keyring (``KeyringSecretStore``),
/// and of a test's stand-in (``InMemorySecretStore``).
///
/// The file store calls ``keep(_:)`` before it writes the file, so a failure
/// writes nothing; ``discard(_:keeping:)`` after the file no longer names
/// what it discards, so a crash in between leaves a session whose secrets
/// are all there (the old ones or the new ones).
package protocol SecretStore: Sendable {
    /// Keeps `credential`'s secrets, and returns the credential as the
    /// session file holds it.
    func keep(_ credential: Credential) throws -> Credential
    /// The credential a session file holds (``keep(_:)``'s result), with its secrets.
    func restore(_ credential: Credential) throws -> Credential
    /// Deletes what it keeps for the session with `key`, except what
    /// `current` (what the file holds for that key now, if anything) names.
    func discard(_ key: SessionKey, keeping current: Credential?) throws
    /// Checks that secrets can be kept now (the keyring reachable and
    /// unlocked, at a prompt if it asks for one): what a login does before
    /// it signs in, so a keyring that cannot be used fails it before a grant exists.
    func prepare() throws
}

extension SecretStore {
    package func prepare() throws {}
}

/// Secrets kept in the session file itself, with the rest of the session:
/// nothing to keep elsewhere, restore or delete.
package struct FileSecretStore: SecretStore {
    package init() {}

    package func keep(_ credential: Credential) -> Credential { credential }
    package func restore(_ credential: Credential) -> Credential { credential }
    package func discard(_ key: SessionKey, keeping current: Credential?) {}
}

/// A keyring kept in memory, for tests: items by session, generation and
/// kind, as ``KeyringSecretStore`` keeps them, and a switch that makes it
/// fail as a keyring that cannot be reached does.
package final class InMemorySecretStore: SecretStore {
    private struct Item: Hashable {
        let key: SessionKey
        let generation: String
        let kind: SecretKind
    }

    private let items = Locked<[Item: AuthToken]>([:])
    private let failure = Locked<KeyringError?>(nil)

    package init() {}

    /// Makes every call fail with `error` (`nil`: work again).
    package func failWith(_ error: KeyringError?) { failure.withLock { $0 = error } }

    package func prepare() throws { try check() }

    /// How many items it holds, and how many for `key`.
    package func count(for key: SessionKey? = nil) -> Int {
        items.withLock { items in items.keys.filter { key == nil || $0.key == key }.count }
    }

    /// Whether any item holds `secret`.
    package func holds(_ secret: AuthToken) -> Bool {
        items.withLock { $0.values.contains(secret) }
    }

    package func keep(_ credential: Credential) throws -> Credential {
        try check()
        let generation = KeyringSecretStore.newGeneration()
        items.withLock { items in
            for secret in credential.secrets {
                items[Item(key: credential.key, generation: generation, kind: secret.kind)] = secret.value
            }
        }
        return credential.standingIn(keyringGeneration: generation)
    }

    package func restore(_ credential: Credential) throws -> Credential {
        guard let generation = credential.keyringGeneration else { return credential }
        try check()
        return try items.withLock { items in
            var found: [SecretKind: AuthToken] = [:]
            for secret in credential.secrets {
                guard let value = items[Item(key: credential.key, generation: generation, kind: secret.kind)]
                else { throw KeyringError.missingSecret(item: secret.kind.words) }
                found[secret.kind] = value
            }
            return credential.replacingSecrets(found)
        }
    }

    package func discard(_ key: SessionKey, keeping current: Credential?) throws {
        try check()
        let kept = current?.keyringGeneration
        items.withLock { items in items = items.filter { $0.key.key != key || $0.key.generation == kept } }
    }

    private func check() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
