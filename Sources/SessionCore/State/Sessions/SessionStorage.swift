import SessionSupport

/// What a store of many sessions does underneath, so that the rules of
/// ``SessionSet`` and the views of ``SessionView`` are written once for both
/// stores: read the whole set, change it under the writer lock, and hold
/// that lock across a refresh's awaits.
package protocol SessionStorage: Sendable {
    /// The sessions as they are now; readers take no lock.
    func readSessions() throws -> SessionSet
    /// Reads the set under the writer lock, lets `change` edit it, and writes
    /// it back as `kind` says.
    func changeSessions<Result>(_ kind: SessionChange, _ change: (inout SessionSet) throws -> Result) throws
        -> Result
    /// Runs `body` holding the writer lock across its awaits, with the set's
    /// read and write that take no lock of their own.
    func withSessionsLocked<Result: Sendable>(_ body: (LockedSessions) async throws -> Result) async throws
        -> Result
    /// "Read again" after each change of any session (``LoginStateRepository/stateChanges()``).
    func stateChanges() throws -> AsyncStream<Void>
    /// A credential as ``readSessions()`` holds it, with its secrets: read
    /// from where it keeps them when it holds stand-ins.
    func withSecrets(_ credential: Credential) throws -> Credential
    /// Whether a call can wait (``LoginStateRepository/mayWait``).
    var mayWait: Bool { get }
}

extension SessionStorage {
    /// The session `selector` stands for, with its secrets. When the
    /// keyring no longer has the ones the file named, because a writer
    /// replaced them between the read and the keyring's answer, the file is
    /// read again (at most three times in all): a reader takes no lock.
    func stateWithSecrets(_ selector: SessionSet.Selector, in sessions: SessionSet? = nil) throws
        -> LoginState
    {
        var state = try (sessions ?? readSessions()).state(selector)
        for attempt in 1...3 {
            guard let credential = state.credential else { return state }
            do {
                return .loggedIn(try withSecrets(credential))
            } catch {
                guard Self.isMissingSecret(error), attempt < 3 else { throw error }
                let again = try readSessions().state(selector)
                guard let generation = credential.keyringGeneration,
                    again.credential?.keyringGeneration != generation
                else { throw error }
                state = again
            }
        }
        return state
    }

    /// Whether `error` says the secret store has no secret the file names.
    private static func isMissingSecret(_ error: any Error) -> Bool {
        switch error {
        case KeyringError.missingSecret, SecretStoreError.missingSecret: true
        default: false
        }
    }
}

/// What a change of the set is, for when it is written.
package enum SessionChange: Sendable {
    /// A save: always written, even when equal (a save restores the file's
    /// mode, and says the session is there now).
    case save
    /// A read-modify-write: written when it changed anything.
    case edit
    /// A removal: written when it removed anything; a store with nowhere
    /// written yet stays so (nothing is created to remove nothing).
    case removal
}

/// The set's read and write for a holder of the writer lock.
package struct LockedSessions: Sendable {
    package let read: @Sendable () throws -> SessionSet
    package let write: @Sendable (SessionSet) throws -> Void

    package init(
        read: @escaping @Sendable () throws -> SessionSet,
        write: @escaping @Sendable (SessionSet) throws -> Void
    ) {
        self.read = read
        self.write = write
    }
}

/// One session of a store (the default, or one key) as a
/// ``LoginStateRepository``: what the store is as a repository, and what
/// ``LoginStateStore/repository(for:)`` hands out.
package struct SessionView<Storage: SessionStorage>: LoginStateRepository {
    let storage: Storage
    let selector: SessionSet.Selector

    package init(_ storage: Storage, _ selector: SessionSet.Selector) {
        self.storage = storage
        self.selector = selector
    }

    package var mayWait: Bool { storage.mayWait }

    /// The session, with its secrets.
    package func load() throws -> LoginState {
        try storage.stateWithSecrets(selector)
    }

    /// The session as the file holds it: one that keeps its secrets in the
    /// keyring holds stand-ins for them.
    package func loadWithoutSecrets() throws -> LoginState {
        try storage.readSessions().state(selector)
    }

    package func sessionSummary() throws -> SessionSummary? {
        try loadWithoutSecrets().credential.map(SessionSummary.init)
    }

    /// Through the default view a login (``SessionSet/login(_:at:)``);
    /// through a session's own view an edit of it (``SessionSet/replace(_:with:at:)``).
    package func save(_ credential: Credential) throws {
        let selector = selector
        try storage.changeSessions(.save) { sessions in
            switch selector {
            case .defaultSession: try sessions.login(credential, at: Date())
            case .key: try sessions.replace(selector, with: credential, at: Date())
            }
        }
    }

    package func clear() throws {
        _ = try storage.changeSessions(.removal) { $0.remove(selector) }
    }

    /// Every change of the store: a view's usecase reads its own session
    /// again and says something only when that session's status changed.
    package func stateChanges() throws -> AsyncStream<Void> {
        try storage.stateChanges()
    }

    package func update<Result>(_ change: (inout LoginState) throws -> Result) throws -> Result {
        try storage.changeSessions(.edit) { sessions in try Self.update(&sessions, selector, storage, change)
        }
    }

    package func withExclusiveAccess<Result: Sendable>(_ body: (ExclusiveLoginState) async throws -> Result)
        async throws -> Result
    {
        let selector = selector
        return try await storage.withSessionsLocked { locked in
            try await body(
                ExclusiveLoginState(
                    load: { [storage] in try storage.stateWithSecrets(selector, in: try locked.read()) },
                    save: { credential in
                        var sessions = try locked.read()
                        try sessions.replace(selector, with: credential, at: Date())
                        try locked.write(sessions)
                    },
                    clear: {
                        var sessions = try locked.read()
                        if sessions.remove(selector) != nil { try locked.write(sessions) }
                    }))
        }
    }

    /// `change` applied to the session `selector` stands for within
    /// `sessions`, with its secrets from `storage`.
    static func update<Result>(
        _ sessions: inout SessionSet, _ selector: SessionSet.Selector, _ storage: Storage,
        _ change: (inout LoginState) throws -> Result
    ) throws -> Result {
        let before = try storage.stateWithSecrets(selector, in: sessions)
        var after = before
        let result = try change(&after)
        guard after != before else { return result }
        switch after {
        case .loggedIn(let credential): try sessions.replace(selector, with: credential, at: Date())
        case .loggedOut: sessions.remove(selector)
        }
        return result
    }
}
