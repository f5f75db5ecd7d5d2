import SessionSupport
package import SessionSystem

/// Secrets kept in the system keyring: one item per secret in the Secret
/// Service's default collection (``SecretService``), found by attributes
/// that name the application, the session file, the session's key, the kind
/// of secret and the generation, with a label a person recognises in a
/// keyring manager: `session-cli: alice on https://api.example.com (refresh token)`.
///
/// Each ``keep(_:)`` writes a new generation of items and never touches the
/// one the session file names, so a crash before the file names the new
/// one leaves the old pair whole; ``discard(_:keeping:)`` then deletes the
/// generations the file no longer names (and any that a crash left behind).
///
/// One connection per store, made at the first call and kept; calls are
/// made one at a time. Nothing connects until a session kept in the
/// keyring is read or written.
///
/// ```sh
/// secret-tool search --all application session-cli   # the items, with their attributes
/// ```
package final class KeyringSecretStore: SecretKeeping {
    /// The `application` attribute of every item, and its label's start.
    package let application: String
    /// The session file the items belong to: the `store` attribute.
    package let storePath: String
    private let connect: @Sendable () throws(KeyringError) -> SecretService
    private let connection = Locked<SecretService?>(nil)

    /// - Parameters:
    ///   - application: The name items carry: the `application` attribute, and the label's start.
    ///   - storePath: The session file's path, so two stores' items never mix.
    ///   - address: The session bus (`DBUS_SESSION_BUS_ADDRESS`); `nil` for `$XDG_RUNTIME_DIR/bus`.
    ///   - runtimeDirectory: `XDG_RUNTIME_DIR`.
    ///   - onPrompt: Called before a wait for the keyring to be unlocked at a prompt.
    ///   - interrupts: The program's Ctrl-C, which ends that wait (``KeyringError/cancelled``).
    package init(
        application: String, storePath: String,
        address: String? = ProcessEnvironment.value(.sessionBus),
        runtimeDirectory: String? = ProcessEnvironment.value(.runtimeDirectory),
        onPrompt: @escaping @Sendable () -> Void = {}, interrupts: (any InterruptSource)? = nil
    ) {
        self.application = application
        self.storePath = storePath
        connect = { () throws(KeyringError) in
            try SecretService.connect(
                address: address, runtimeDirectory: runtimeDirectory, onPrompt: onPrompt,
                interrupts: interrupts)
        }
    }

    package func keep(_ credential: Credential) throws -> Credential {
        let generation = SeparateSecrets.newGeneration()
        let key = credential.key
        try withService { keyring in
            do {
                for secret in credential.secrets {
                    try keyring.store(
                        Array(secret.value.value.utf8), label: label(key, secret.kind),
                        attributes: attributes(key, kind: secret.kind, generation: generation))
                }
                // Read back before any file names them: a keyring that says it kept an item
                // and did not would leave a session whose tokens are nowhere.
                let kept = try keyring.secrets(
                    matching: credential.secrets.map {
                        attributes(key, kind: $0.kind, generation: generation)
                    })
                for (secret, value) in zip(credential.secrets, kept)
                where value != Array(secret.value.value.utf8) {
                    throw KeyringError.failed(
                        reason:
                            "it said it kept the session's \(secret.kind.words), but does not give it back")
                }
            } catch {
                // What was stored of this generation is named by no file: take it back.
                if let items = try? keyring.items(matching: attributes(key, generation: generation)) {
                    try? keyring.delete(items)
                }
                throw error
            }
        }
        return credential.standingIn(keyringGeneration: generation)
    }

    package func restore(_ credential: Credential) throws -> Credential {
        guard let generation = credential.keyringGeneration else { return credential }
        let key = credential.key
        let kinds = credential.secrets.map(\.kind)
        let values = try withService { keyring in
            try keyring.secrets(matching: kinds.map { attributes(key, kind: $0, generation: generation) })
        }
        var found: [SecretKind: AuthToken] = [:]
        for (kind, value) in zip(kinds, values) {
            guard let value else { throw KeyringError.missingSecret(item: kind.words) }
            // What the keyring gives is checked as any token is; the error never holds it.
            guard let text = String(validating: value, as: UTF8.self), let token = try? AuthToken(text) else {
                throw KeyringError.failed(
                    reason: "the keyring's \(kind.words) for \(key) is not a valid token")
            }
            found[kind] = token
        }
        return credential.replacingSecrets(found)
    }

    package func discard(_ key: SessionKey, keeping current: Credential?) throws {
        try withService { keyring in
            let all = try keyring.items(matching: attributes(key))
            guard !all.isEmpty else { return }
            let kept = try current?.keyringGeneration.map { generation in
                Set(try keyring.items(matching: attributes(key, generation: generation)))
            }
            try keyring.delete(all.filter { !(kept?.contains($0) ?? false) })
        }
    }

    package func prepare() throws {
        try withService { try $0.prepareToStore() }
    }

    /// The attributes that find the session's items: of one generation and
    /// kind, or (leaving those out) more of them.
    package func attributes(_ key: SessionKey, kind: SecretKind? = nil, generation: String? = nil)
        -> [String: String]
    {
        var attributes = [
            "application": application, "store": storePath, "server": key.origin ?? "",
            "account": key.account ?? "",
        ]
        attributes["kind"] = kind?.rawValue
        attributes["generation"] = generation
        return attributes
    }

    /// `session-cli: alice on https://api.example.com (refresh token)`.
    func label(_ key: SessionKey, _ kind: SecretKind) -> String {
        "\(application): \(key) (\(kind.words))"
    }

    /// Runs `body` with the connection, made now if there is none; a
    /// connection that failed is dropped, so the next call makes another.
    private func withService<Result>(_ body: (SecretService) throws -> Result) throws -> Result {
        try connection.withLock { connection in
            let keyring = try connection ?? connect()
            connection = keyring
            do {
                return try body(keyring)
            } catch {
                switch error as? KeyringError {
                case .missingSecret, .locked, .cancelled: break
                default: connection = nil
                }
                throw error
            }
        }
    }
}
