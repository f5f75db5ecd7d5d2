/// Where a session's secrets are kept: its access token, refresh token and
/// ID token, and its client's secret.
///
/// ```swift
/// var credential = Credential(token: try AuthToken(value), account: "alice", server: server)
/// credential.secretsLocation = .keyring
/// try store.save(credential)   // the tokens go to the keyring first, then the rest to the file
/// ```
public enum SecretsLocation: String, Sendable, Hashable, Codable, CaseIterable {
    /// In the session file, beside the rest of the session (a 0600 file).
    case file
    /// In the system keyring (the freedesktop Secret Service on the
    /// session D-Bus: gnome-keyring, KWallet, KeePassXC). The session file
    /// keeps everything else, and what a status shows of the token (its
    /// redacted form). When the keyring cannot be used, reading or writing
    /// the secrets fails with ``KeyringError``: they are never written in
    /// plain text instead.
    case keyring
}

/// One of a session's secrets, as the keyring keeps it: one item each.
package enum SecretKind: String, Sendable, CaseIterable {
    case accessToken = "access-token"
    case refreshToken = "refresh-token"
    case idToken = "id-token"
    case clientSecret = "client-secret"
    case dpopKey = "dpop-key"

    /// How a person calls it: in an item's label, and in errors.
    package var words: String {
        switch self {
        case .accessToken: "access token"
        case .refreshToken: "refresh token"
        case .idToken: "ID token"
        case .clientSecret: "client secret"
        case .dpopKey: "DPoP key"
        }
    }
}

extension Credential {
    /// The secrets the credential holds, each with its kind, the access token first.
    package var secrets: [(kind: SecretKind, value: AuthToken)] {
        var secrets: [(kind: SecretKind, value: AuthToken)] = [(.accessToken, token)]
        if let refreshToken { secrets.append((.refreshToken, refreshToken)) }
        if let idToken { secrets.append((.idToken, idToken)) }
        if let clientSecret = provider?.clientSecret { secrets.append((.clientSecret, clientSecret)) }
        if let dpopKey { secrets.append((.dpopKey, dpopKey)) }
        return secrets
    }

    /// The credential with `secrets` in place of those of the same kinds.
    package func replacingSecrets(_ secrets: [SecretKind: AuthToken]) -> Credential {
        var copy = self
        for (kind, value) in secrets {
            switch kind {
            case .accessToken: copy.token = value
            case .refreshToken: copy.refreshToken = value
            case .idToken: copy.idToken = value
            case .clientSecret: copy.provider?.clientSecret = value
            case .dpopKey: copy.dpopKey = value
            }
        }
        return copy
    }

    /// The credential as a session file holds it when its secrets are the
    /// keyring's items of `generation`: each secret a stand-in that shows
    /// what the secret's ``AuthToken/redacted`` shows.
    package func standingIn(keyringGeneration generation: String) -> Credential {
        replacingSecrets(
            Dictionary(
                uniqueKeysWithValues: secrets.map { secret in
                    (
                        secret.kind,
                        AuthToken(standingInFor: secret.value.redacted, keyringGeneration: generation)
                    )
                }))
    }

    /// The generation of the keyring items its stand-ins name; `nil` when
    /// it holds its secrets (``AuthToken/isStandIn``).
    package var keyringGeneration: String? { token.keyringGeneration }

    /// Whether it holds stand-ins: read from a file that keeps its secrets
    /// in the keyring, not yet given them.
    package var holdsStandIns: Bool { secrets.contains { $0.value.isStandIn } }
}
