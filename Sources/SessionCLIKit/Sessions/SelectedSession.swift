package import SessionCore

/// The session a command works on, and its own repository: reading and
/// writing through it never changes which session is the default.
package struct SelectedSession: Sendable {
    /// Which session it is.
    package let key: SessionKey
    /// The session, as it was when the command read the store.
    package let credential: Credential
    /// Whether it is the default session.
    package let isDefault: Bool
    /// Its repository (``LoginStateStore/repository(for:)``).
    package let repository: any LoginStateRepository

    /// The session with its secrets: ``credential`` itself when they are in
    /// the file; read through the repository, from the keyring, when the
    /// file holds stand-ins. `nil` when the session was removed meanwhile.
    ///
    /// - Throws: ``KeyringError`` when the keyring cannot give them.
    package func credentialWithSecrets() throws -> Credential? {
        try credential.withSecrets(from: repository)
    }
}

extension Credential {
    /// This session with its secrets: itself when it holds them; read again
    /// through `repository` (its own), from the keyring, when it holds
    /// stand-ins. `nil` when the session was removed meanwhile.
    ///
    /// - Throws: ``KeyringError`` when the keyring cannot give them.
    package func withSecrets(from repository: any LoginStateRepository) throws -> Credential? {
        guard holdsStandIns else { return self }
        return try repository.load().credential
    }
}

extension CommandContext {
    /// The session `selection` names (what it leaves open taken from the
    /// environment), else the default; `nil` when there is no session at all.
    /// Only that session is decoded.
    ///
    /// - Throws: Exit 1 when nothing matches, 64 when several do
    ///   (``SessionSelection/pick(from:)``); ``SessionFileError`` when the
    ///   file, or that session in it, cannot be read.
    package func session(_ selection: SessionSelection, in store: FileLoginStateStore) throws
        -> SelectedSession?
    {
        let sessions = try store.readSessions()
        guard let entry = try selection.completed(from: environment).pick(from: sessions) else { return nil }
        return SelectedSession(
            key: entry.key, credential: try entry.credential(), isDefault: entry.key == sessions.defaultKey,
            repository: store.repository(for: entry.key))
    }
}

/// A session made ready to use now (``CommandContext/usable(_:repository:)``).
package enum UsableSession {
    /// Its access token works: refreshed first if it was due, with its secrets.
    case usable(Credential)
    /// Its access token has expired, and it could not be refreshed.
    case expired
    /// It was removed meanwhile (or its refresh found nothing to use).
    case gone
}

extension CommandContext {
    /// The one way `token`, `git-credential` and `kube-credential` make a
    /// session usable: refreshed first when its access token is due and it
    /// can refresh (through the networking half, under the store's lock,
    /// once across processes), then checked against the clock, then read
    /// with its secrets (from the keyring when the file holds stand-ins).
    ///
    /// - Throws: What the refresh or the keyring throws.
    package func usable(_ credential: Credential, repository: any LoginStateRepository) throws
        -> UsableSession
    {
        var credential = credential
        let now = now()
        if credential.isDue(at: now) && credential.canRefresh {
            let network = try network()
            guard let fresh = try waitFor({ try await network.currentCredential(of: repository) }) else {
                return .gone
            }
            credential = fresh
        }
        guard !credential.isExpired(at: now) else { return .expired }
        guard let stored = try credential.withSecrets(from: repository) else { return .gone }
        return .usable(stored)
    }
}
