#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What can be said of a session without its secrets: what a list of
/// sessions and a login status show. It holds no token at all, only what a
/// person may see of one (``tokenPreview``); reading the session from its
/// store (``LoginStateRepository/load()``) gives the secrets, or throws.
///
/// ```swift
/// for session in try store.sessions() {
///     print(session.summary.account ?? "?", session.summary.tokenPreview, session.summary.expiresAt as Any)
/// }
/// ```
public struct SessionSummary: Sendable, Hashable {
    /// Which session it is.
    public let key: SessionKey
    /// The user name or e-mail the session belongs to, if the provider named one.
    public let account: String?
    /// The origin its token is sent to.
    public let server: URL?
    /// What a person may see of the access token: its first four characters
    /// and a mask (`gho_********`), or the mask alone for a short token.
    public let tokenPreview: String
    /// When the session started.
    public let issuedAt: Date
    /// When the current access token was issued, if after ``issuedAt`` (a refresh).
    public let tokenIssuedAt: Date?
    /// When the access token stops being valid; `nil` for never (or unknown).
    public let expiresAt: Date?
    /// The scopes the provider granted; empty when it did not say.
    public let scopes: [String]
    /// Whether the session can get a new access token by itself (``Credential/canRefresh``).
    public let canRefresh: Bool
    /// Where its secrets are kept.
    public let secretsLocation: SecretsLocation
    /// The identity provider that issued the tokens; `nil` for a pasted token.
    public let provider: Provider?
    /// The CA file and client certificate its requests use (paths only).
    public let connection: ConnectionSettings
    /// The thumbprint of the key its tokens are bound to (DPoP); `nil` for a bearer session.
    public let dpopThumbprint: String?
    /// Which access token it is, without it: a hash of the token (for a
    /// token kept apart from the file, of the generation the file names too),
    /// for this process only. Two summaries of one session differ once its
    /// token was replaced, whatever else stayed. A hash, not a fingerprint:
    /// it is never kept or shown, and costs `status` next to nothing.
    package let tokenRevision: Int

    /// The provider of a session, without the client's secret.
    public struct Provider: Sendable, Hashable {
        /// The provider's issuer.
        public let issuer: URL
        /// The OAuth client the session signed in as.
        public let clientID: String
        /// Whether the client is confidential (it has a secret, kept with
        /// the session's, or a key).
        public let isConfidential: Bool
        /// Where the client's private key is, for `private_key_jwt`.
        public let clientKey: ClientKey?
        /// For a machine: where its platform token comes from and how it is spent.
        public let machine: MachineSignIn?
    }

    /// The summary of `credential`, as it holds its secrets or stands in
    /// for them (a session kept in the keyring, read from the file): what
    /// it shows is the same either way; ``tokenRevision`` tells the two apart.
    package init(_ credential: Credential) {
        key = credential.key
        account = credential.account
        server = credential.server
        tokenPreview = credential.token.redacted
        var revision = Hasher()
        revision.combine(credential.token.value)
        revision.combine(credential.token.keyringGeneration)
        tokenRevision = revision.finalize()
        issuedAt = credential.issuedAt
        tokenIssuedAt = credential.tokenIssuedAt
        expiresAt = credential.expiresAt
        scopes = credential.scopes
        canRefresh = credential.canRefresh
        secretsLocation = credential.secretsLocation
        connection = credential.connection
        dpopThumbprint = credential.dpopThumbprint
        provider = credential.provider.map {
            Provider(
                issuer: $0.issuer, clientID: $0.clientID, isConfidential: $0.isConfidential,
                clientKey: $0.clientKey, machine: $0.machine)
        }
    }

    /// Whether the access token has stopped being valid at `date` (``Credential/isExpired(at:)``).
    public func isExpired(at date: Date) -> Bool {
        Credential.isExpired(expiresAt, at: date)
    }

    /// Whether the session can be used at `date`: its token has not expired,
    /// or it can be refreshed (``Credential/isUsable(at:)``).
    public func isUsable(at date: Date) -> Bool {
        Credential.isUsable(expiresAt, canRefresh: canRefresh, at: date)
    }
}
