/// Where a session's secrets are kept apart from the session file: the
/// system keyring by default, or a store of your own (the Keychain in an
/// Apple app, a vault, a hardware token), given to
/// ``FileLoginStateStore/init(fileURL:secrets:lockTimeout:)``.
///
/// The file store decides what goes where. A session whose
/// ``Credential/secretsLocation`` is ``SecretsLocation/keyring`` has its
/// secrets (``SessionSecrets``: the access, refresh and ID tokens and the
/// client secret) saved here, and the file keeps the rest: the account, the
/// server, the expiry, and the redacted form of each secret that `status`
/// shows. Each save is a new *generation*, named by the file store:
///
/// 1. ``save(_:for:generation:)`` the new generation; a failure writes nothing;
/// 2. the file is replaced and names the new generation (the commit point);
/// 3. ``removeSecrets(for:keeping:)`` deletes every other generation.
///
/// So a crash at any step leaves the session with its old secrets or its new
/// ones, never a mix, and at worst a generation no file names, which the next
/// write of that session removes.
///
/// Few requirements, defaults for the rest, as swift-log's `LogHandler`:
///
/// ```swift
/// struct FolderSecretStore: SecretStore {
///     let folder: URL
///     func save(_ secrets: SessionSecrets, for session: SessionKey, generation: String) throws {
///         try JSONEncoder().encode(secrets).write(to: file(session, generation), options: .atomic)
///     }
///     func secrets(for session: SessionKey, generation: String) throws -> SessionSecrets? {
///         guard let data = try? Data(contentsOf: file(session, generation)) else { return nil }
///         return try JSONDecoder().decode(SessionSecrets.self, from: data)
///     }
///     func removeSecrets(for session: SessionKey, keeping generation: String?) throws { … }
/// }
/// let store = FileLoginStateStore(fileURL: sessionFile, secrets: FolderSecretStore(folder: vault))
/// ```
///
/// The calls are synchronous and may wait (a prompt, a lock, the network);
/// the file store makes them while it holds its writer lock. The library's
/// own asynchronous code (a request's token, a refresh, a login or logout
/// through ``LoginUsecase``) calls the file store, and so these, on a thread
/// of its own, never on one of Swift's cooperative pool
/// (``LoginStateRepository/mayWait``).
public protocol SecretStore: Sendable {
    /// Keeps `secrets` as the generation `generation` of the session
    /// `session`, leaving every other generation as it is.
    ///
    /// - Throws: Why they could not be kept; the session file is then not
    ///   written, and the session keeps what it had.
    func save(_ secrets: SessionSecrets, for session: SessionKey, generation: String) throws

    /// The secrets of the generation `generation` of the session `session`;
    /// `nil` when there are none (deleted outside the program). A store that
    /// keeps them piece by piece throws for a generation it finds only part
    /// of, or returns what it found: the file store checks that every secret
    /// the file names is there.
    func secrets(for session: SessionKey, generation: String) throws -> SessionSecrets?

    /// Deletes every generation of the session `session` except `generation`
    /// (`nil`: all of them, at logout). Called after the file no longer names
    /// what it deletes; a failure is reported, and the file stays as written.
    func removeSecrets(for session: SessionKey, keeping generation: String?) throws

    /// Checks that secrets can be kept now (reachable, unlocked, at a prompt
    /// if need be). The command-line tool's login calls its keyring's before
    /// it signs in; an app calls its store's the same way, before
    /// ``Login/perform(with:)``, so a store that cannot be used fails the
    /// login before the provider grants anything. By default, nothing to check.
    func prepare() throws
}

extension SecretStore {
    /// The default ``prepare()``: nothing to check.
    public func prepare() throws {}
}

/// A session's secrets, as a ``SecretStore`` keeps them. Each is an
/// ``AuthToken``: printing one shows its redacted form, and its
/// ``AuthToken/value`` is the secret. `Codable`, as plain strings, for a
/// store that writes them somewhere safe.
public struct SessionSecrets: Sendable, Hashable, Codable {
    /// The access token, sent with each request.
    public var accessToken: AuthToken
    /// The refresh token, if the provider gave one.
    public var refreshToken: AuthToken?
    /// The OpenID Connect ID token, if the provider gave one.
    public var idToken: AuthToken?
    /// The OAuth client's secret, for a confidential client.
    public var clientSecret: AuthToken?
    /// The private key a DPoP-bound session's tokens are bound to (``Credential/dpopKey``).
    public var dpopKey: AuthToken?

    /// A session's secrets: the access token, and those the provider gave besides.
    public init(
        accessToken: AuthToken, refreshToken: AuthToken? = nil, idToken: AuthToken? = nil,
        clientSecret: AuthToken? = nil, dpopKey: AuthToken? = nil
    ) {
        self.dpopKey = dpopKey
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.clientSecret = clientSecret
    }
}

/// Why a session's secrets could not be read back from the ``SecretStore``
/// a ``FileLoginStateStore`` was given.
public enum SecretStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store has no `item` (`"access token"`, `"refresh token"`, `"ID
    /// token"`, `"client secret"`) for the generation the session file names.
    case missingSecret(item: String)

    /// The message: what is missing and what to do.
    public var description: String {
        switch self {
        case .missingSecret(let item): "the session's \(item) is missing from its secret store; log in again"
        }
    }
}
