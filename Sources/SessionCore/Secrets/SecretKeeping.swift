import SessionSupport

/// How ``FileLoginStateStore`` keeps a session's secrets apart from the
/// file: in the file itself (``SecretsInFile``), in the system keyring
/// (``KeyringSecretStore``), or in a user's ``SecretStore``
/// (``SeparateSecrets``).
///
/// The file store calls ``keep(_:)`` before it writes the file, so a failure
/// writes nothing; ``discard(_:keeping:)`` after the file no longer names
/// what it discards, so a crash in between leaves a session whose secrets
/// are all there (the old ones or the new ones).
package protocol SecretKeeping: Sendable {
    /// Keeps `credential`'s secrets, and returns the credential as the
    /// session file holds it.
    func keep(_ credential: Credential) throws -> Credential
    /// The credential a session file holds (``keep(_:)``'s result), with its secrets.
    func restore(_ credential: Credential) throws -> Credential
    /// Deletes what it keeps for the session with `key`, except what
    /// `current` (what the file holds for that key now, if anything) names.
    func discard(_ key: SessionKey, keeping current: Credential?) throws
    /// Checks that secrets can be kept now (``SecretStore/prepare()``).
    func prepare() throws
}

extension SecretKeeping {
    package func prepare() throws {}
}

/// Secrets kept in the session file itself, with the rest of the session:
/// nothing to keep elsewhere, restore or delete.
package struct SecretsInFile: SecretKeeping {
    package init() {}

    package func keep(_ credential: Credential) -> Credential { credential }
    package func restore(_ credential: Credential) -> Credential { credential }
    package func discard(_ key: SessionKey, keeping current: Credential?) {}
}

/// A user's ``SecretStore``, as the file store uses it: each keep a new
/// generation, the file holding stand-ins that name it.
package struct SeparateSecrets: SecretKeeping {
    package let store: any SecretStore

    package init(_ store: any SecretStore) { self.store = store }

    package func keep(_ credential: Credential) throws -> Credential {
        let generation = Self.newGeneration()
        try store.save(SessionSecrets(credential), for: credential.key, generation: generation)
        return credential.standingIn(keyringGeneration: generation)
    }

    package func restore(_ credential: Credential) throws -> Credential {
        guard let generation = credential.keyringGeneration else { return credential }
        let found = try store.secrets(for: credential.key, generation: generation)
        var secrets: [SecretKind: AuthToken] = [:]
        for kind in credential.secrets.map(\.kind) {
            guard let value = found?.secret(kind) else {
                throw SecretStoreError.missingSecret(item: kind.words)
            }
            secrets[kind] = value
        }
        return credential.replacingSecrets(secrets)
    }

    package func discard(_ key: SessionKey, keeping current: Credential?) throws {
        try store.removeSecrets(for: key, keeping: current?.keyringGeneration)
    }

    package func prepare() throws { try store.prepare() }

    /// A new generation's name: 13 characters of base 36, random.
    package static func newGeneration() -> String {
        let text = String(UInt64.random(in: .min ... .max), radix: 36)
        return String(repeating: "0", count: max(0, 13 - text.count)) + text
    }
}

extension SessionSecrets {
    /// The secrets `credential` holds.
    package init(_ credential: Credential) {
        self.init(
            accessToken: credential.token, refreshToken: credential.refreshToken, idToken: credential.idToken,
            clientSecret: credential.provider?.clientSecret, dpopKey: credential.dpopKey)
    }

    /// The secret of `kind`, if there is one.
    package func secret(_ kind: SecretKind) -> AuthToken? {
        switch kind {
        case .accessToken: accessToken
        case .refreshToken: refreshToken
        case .idToken: idToken
        case .clientSecret: clientSecret
        case .dpopKey: dpopKey
        }
    }
}
