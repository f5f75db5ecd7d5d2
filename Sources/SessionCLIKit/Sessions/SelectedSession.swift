package import SessionCore

/// The session a command works on, and its own repository: reading and
/// writing through it never changes which session is the default.
package struct SelectedSession: Sendable {
    /// The session as the store lists it.
    package let stored: StoredSession
    /// Its repository (``LoginStateStore/repository(for:)``).
    package let repository: any LoginStateRepository

    /// The session's credential.
    package var credential: Credential { stored.credential }
}

extension CommandContext {
    /// The session `selection` names (what it leaves open taken from the
    /// environment), else the default; `nil` when there is no session at all.
    ///
    /// - Throws: Exit 1 when nothing matches, 64 when several do (``SessionSelection/pick(from:)``).
    package func session(_ selection: SessionSelection, in store: FileLoginStateStore) throws
        -> SelectedSession?
    {
        guard let stored = try selection.completed(from: environment).pick(from: try store.sessions()) else {
            return nil
        }
        return SelectedSession(stored: stored, repository: store.repository(for: stored.key))
    }
}
