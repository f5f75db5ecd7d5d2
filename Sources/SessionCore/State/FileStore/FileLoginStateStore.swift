import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A store that keeps every session in one JSON file, safe across threads,
/// processes and crashes.
///
/// - The file is 0600 from its first byte and its folder is created 0700.
/// - A write puts the new file next to the old one, fsyncs it, renames it
///   over the old one and fsyncs the folder: a reader sees the old sessions
///   or the new ones, never a mix, and a crash leaves one of the two.
/// - Writers take an exclusive `flock` on a sibling `<name>.lock` file, and
///   threads of one process a lock of their own. The wait is bounded
///   (``lockTimeout``, ``SessionLimits/lockTimeout`` by default), then
///   ``StoreBusyError``. Readers take no lock.
/// - The rename is the commit point: once it is done the write has
///   happened, whatever comes after it, and the write says so.
/// - No session means no file: removing the last one unlinks it, along with
///   any temporary file a killed writer left, so no copy of a token outlives
///   a logout.
/// - A read never changes the file. A bad file is a ``SessionFileError``
///   that names the path and what to do.
///
/// A session whose ``Credential/secretsLocation`` is
/// ``SecretsLocation/keyring`` keeps its secrets apart from the file: in
/// the system keyring, or in the ``SecretStore`` the store was given
/// (``init(fileURL:secrets:lockTimeout:)``). A write puts them there before
/// the file names them, and deletes what a session no longer names after
/// the file is written; ``load()`` reads them back. Nothing reaches the
/// secret store for a session that keeps its secrets in the file.
///
/// As a ``LoginStateRepository`` the store is its default session (see
/// ``LoginStateStore``); ``repository(for:)`` gives any other.
///
/// ```swift
/// let store = FileLoginStateStore(
///     fileURL: FileLoginStateStore.defaultFileURL(appName: "my-app", environment: ProcessInfo.processInfo.environment))
/// try store.save(credential)        // a login: the session with its key, now the default
/// let state = try store.load()      // .loggedIn(credential)
/// ```
public final class FileLoginStateStore: LoginStateStore, SessionStorage {
    /// Where the sessions are kept.
    public let fileURL: URL

    /// How long a writer waits for another process's lock before it gives up
    /// with ``StoreBusyError``, in seconds.
    public let lockTimeout: TimeInterval

    /// Flushes the folder after the commit point; tests pass one that fails.
    private let syncDirectory: @Sendable (String) throws -> Void
    /// Where sessions that keep their secrets apart from the file
    /// (``SecretsLocation/keyring``) keep them.
    package let keyring: any SecretKeeping

    /// ``fileURL``'s path.
    package let path: String
    private let directoryPath: String
    private let lockPath: String
    private let temporaryPrefix: String
    private let writers = Locked(())

    /// - Parameters:
    ///   - fileURL: The session file. Its folder is created on the first save.
    ///   - lockTimeout: How long a writer waits for another process's lock, in
    ///     seconds: 0 to ``SessionLimits/longestLockTimeout`` (an hour); anything else is clamped, NaN is the default.
    ///   - keyringApplication: The name this store's items carry in the system
    ///     keyring (their `application` attribute, and the start of their
    ///     label), for sessions that keep their secrets there.
    public convenience init(
        fileURL: URL, lockTimeout: TimeInterval = SessionLimits.lockTimeout,
        keyringApplication: String = "session"
    ) {
        self.init(path: fileURL.path, lockTimeout: lockTimeout) {
            KeyringSecretStore(application: keyringApplication, storePath: $0)
        }
    }

    /// A store whose sessions that keep their secrets apart from the file
    /// (``SecretsLocation/keyring``) keep them in `secrets`: the Keychain in
    /// an Apple app, or any ``SecretStore`` of your own.
    ///
    /// ```swift
    /// let store = FileLoginStateStore(fileURL: sessionFile, secrets: KeychainSecretStore(service: "com.example.app"))
    /// var credential = Credential(token: try AuthToken(token), account: "alice", server: server)
    /// credential.secretsLocation = .keyring   // the token goes to `secrets`, the rest to the file
    /// try store.save(credential)
    /// ```
    ///
    /// - Parameters:
    ///   - fileURL: The session file. Its folder is created on the first save.
    ///   - secrets: Where those sessions' tokens, ID token and client secret are kept.
    ///   - lockTimeout: How long a writer waits for another process's lock, as in ``init(fileURL:lockTimeout:keyringApplication:)``.
    public convenience init(
        fileURL: URL, secrets: any SecretStore, lockTimeout: TimeInterval = SessionLimits.lockTimeout
    ) {
        self.init(path: fileURL.path, secrets: secrets, lockTimeout: lockTimeout)
    }

    /// The same, at `path` (relative to the current directory unless it starts with `/`).
    package convenience init(
        path: String, secrets: any SecretStore, lockTimeout: TimeInterval = SessionLimits.lockTimeout
    ) {
        self.init(path: path, lockTimeout: lockTimeout, keyring: { _ in SeparateSecrets(secrets) })
    }

    /// The store at `path`, relative to the current directory unless it
    /// starts with `/`: what the command-line tool makes, from a path.
    ///
    /// - Parameter keyring: Makes the store of keyring secrets, from the file's absolute path.
    package convenience init(
        path: String, lockTimeout: TimeInterval = SessionLimits.lockTimeout,
        keyring: (String) -> any SecretKeeping = { KeyringSecretStore(application: "session", storePath: $0) }
    ) {
        self.init(path: path, lockTimeout: lockTimeout, keyring: keyring) {
            try SessionFiles.syncDirectory(atPath: $0)
        }
    }

    init(
        path given: String, lockTimeout: TimeInterval, keyring: (String) -> any SecretKeeping,
        syncDirectory: @escaping @Sendable (String) throws -> Void
    ) {
        self.syncDirectory = syncDirectory
        // NaN, negative and endless waits become a bounded one.
        self.lockTimeout =
            lockTimeout.isFinite
            ? min(max(0, lockTimeout), SessionLimits.longestLockTimeout) : SessionLimits.lockTimeout
        let absolute = given.hasPrefix("/") ? given : FileManager.default.currentDirectoryPath + "/" + given
        path = Self.standardized(absolute)
        fileURL = URL(fileURLWithPath: path)
        let slash = path.lastIndex(of: "/") ?? path.startIndex
        directoryPath = slash == path.startIndex ? "/" : String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        lockPath = directoryPath + "/" + name + ".lock"
        temporaryPrefix = "." + name + ".tmp-"
        self.keyring = keyring(path)
    }

    private var defaultSession: SessionView<FileLoginStateStore> { SessionView(self, .defaultSession) }

    // MARK: The default session

    /// Reads the default session, with its secrets. No file is `.loggedOut`.
    ///
    /// - Throws: ``SessionFileError`` for an empty, corrupt, future-version,
    ///   unreadable or non-regular file. The file is left as it is.
    ///   ``KeyringError`` when the session keeps its secrets in a keyring
    ///   that cannot give them.
    public func load() throws -> LoginState { try defaultSession.load() }

    package func loadWithoutSecrets() throws -> LoginState { try defaultSession.loadWithoutSecrets() }

    /// The default session without its secrets, read from the file alone:
    /// the keyring is not asked.
    public func sessionSummary() throws -> SessionSummary? { try defaultSession.sessionSummary() }

    /// `true`: a writer waits up to ``lockTimeout`` for another process's
    /// lock, and a session kept in the keyring may wait for it to be
    /// unlocked. The library's asynchronous code calls it on a thread of its own.
    public var mayWait: Bool { true }

    /// A login: replaces the session with `credential`'s key, or adds one,
    /// and makes it the default, durably and atomically.
    ///
    /// The new file is 0600 even if the old one was not. Once the new file
    /// has replaced the old one, the save has happened: a failure to flush
    /// the folder after that is not reported as a failed save, because every
    /// reader already sees the new session.
    /// - Throws: ``SessionFileError`` when the folder or file cannot be
    ///   written (nothing changed then), ``StoreBusyError`` when another
    ///   writer holds the lock for longer than ``lockTimeout``,
    ///   ``LoginStateStoreError/tooManySessions(limit:)``.
    public func save(_ credential: Credential) throws { try defaultSession.save(credential) }

    /// Logs out of the default session; the most recently used of the others
    /// becomes the default. Succeeds when there is no session.
    ///
    /// - Throws: ``SessionFileError`` when the file cannot be read or
    ///   written, ``StoreBusyError`` when another writer holds the lock for
    ///   longer than ``lockTimeout``.
    public func clear() throws { try defaultSession.clear() }

    /// Reads the default session, lets `change` edit it, and writes the
    /// result, all under the writer lock: no other writer, in this process
    /// or another, can come in between. Nothing is written when `change`
    /// leaves the state as it was.
    ///
    /// ```swift
    /// // Log out only if the session still holds the token that was refused.
    /// try store.update { state in
    ///     if state.credential?.token.fingerprint == refused { state = .loggedOut }
    /// }
    /// ```
    /// - Throws: What `change` throws (nothing is written then), and the
    ///   errors of ``load()``, ``save(_:)`` and ``clear()``.
    @discardableResult
    public func update<Result>(_ change: (inout LoginState) throws -> Result) throws -> Result {
        try defaultSession.update(change)
    }

    /// Runs `body` holding the writer lock across its `await`s, for a
    /// refresh that must read, ask the provider and save as one step.
    ///
    /// The lock is the same `flock` every writer takes, so no other writer,
    /// in this process or another, comes in between. Waiting for it
    /// suspends the task (it does not block a thread) and gives up after
    /// ``lockTimeout``. What `body` saves is durable (fsynced and renamed)
    /// before `save` returns.
    ///
    /// - Throws: ``StoreBusyError``, ``SessionFileError``, or what `body` throws.
    public func withExclusiveAccess<Result: Sendable>(_ body: (ExclusiveLoginState) async throws -> Result)
        async throws -> Result
    {
        try await defaultSession.withExclusiveAccess(body)
    }

    /// "Read again" after each change of the file, by this process or any
    /// other, as the operating system reports it: inotify on the folder on
    /// Linux, a dispatch source on the folder on Apple platforms. A file
    /// replaced by a rename, deleted, created again, or in a folder deleted
    /// and created again is followed. Nothing polls: an idle watch costs no CPU.
    ///
    /// - Throws: ``SessionFileError/io(path:operation:code:)`` (operation
    ///   `watch`) when the system refuses another watch.
    public func stateChanges() throws -> AsyncStream<Void> {
        try FileChanges.of(file: path, folder: directoryPath)
    }

    // MARK: Many sessions

    /// Every session, the default first, then the others from the most recently used.
    ///
    /// - Throws: ``SessionFileError`` for a file that cannot be read, or a session in it that cannot.
    public func sessions() throws -> [StoredSession] { try readSessions().stored() }

    /// The repository of the session with `key`.
    public func repository(for key: SessionKey) -> any LoginStateRepository { SessionView(self, .key(key)) }

    /// Makes the session with `key` the default.
    public func makeDefault(_ key: SessionKey) throws {
        try changeSessions(.edit) { try $0.makeDefault(key, at: Date()) }
    }

    /// Removes the session with `key`, and returns it, with its secrets.
    ///
    /// - Throws: ``SessionFileError`` for a session that cannot be read,
    ///   ``KeyringError`` when its secrets are in a keyring that cannot give
    ///   them: nothing is removed then. (`repository(for: key).clear()`
    ///   removes it without reading it.)
    @discardableResult
    public func remove(_ key: SessionKey) throws -> Credential? {
        try changeSessions(.removal) { sessions in
            // Read before it goes: a session that cannot be read stays, and the error says why.
            let removed = try sessions.entry(.key(key)).map { try withSecrets(try $0.credential()) }
            sessions.remove(.key(key))
            return removed
        }
    }

    /// Removes every session and the file, and returns the sessions it held
    /// whose secrets could be read (to revoke them). A file that cannot be
    /// read as sessions (corrupt, from a newer version) is removed too, and
    /// nothing is returned for it, nor for a session in it that cannot be
    /// read: that is what a logout of everything is for. A session whose
    /// secrets are in a keyring that cannot give them is removed and not
    /// returned; its items there are deleted when the keyring can be reached.
    @discardableResult
    public func removeAll() throws -> [Credential] {
        try removeAllSessions().compactMap { $0.secretsError == nil ? $0.credential : nil }
    }

    /// A session a logout removed: with its secrets when they could be read
    /// (to revoke them), and what went wrong with the keyring when not.
    package struct Removed: Sendable {
        /// The session, with its secrets, or holding stand-ins when ``secretsError`` says why not.
        package let credential: Credential
        /// Why its secrets could not be read from the keyring.
        package let secretsError: (any Error)?
        /// Why its items could not be deleted from the keyring (they are still there).
        package let cleanupError: (any Error)?
    }

    /// Removes the session with `key` under the writer lock, whether or not
    /// the keyring can give or delete its secrets, and says what it could
    /// not do: a logout. `nil` when there was no session with `key`.
    ///
    /// - Throws: ``SessionFileError`` for a session that cannot be read, or a file that cannot be written.
    package func removeSession(_ key: SessionKey) throws -> Removed? {
        guard try SessionFiles.mode(atPath: directoryPath) != nil else { return nil }
        return try whileWriting(creatingDirectory: false) {
            var sessions = try readSessions()
            let before = sessions
            guard let entry = sessions.remove(.key(key)) else { return nil }
            let (credential, secretsError) = readSecrets(of: try entry.credential())
            let failures = try write(sessions, over: before)
            return Removed(credential: credential, secretsError: secretsError, cleanupError: failures[key])
        }
    }

    /// Removes every session and the file: ``removeAll()``, saying what the keyring could not do.
    package func removeAllSessions() throws -> [Removed] {
        guard try SessionFiles.mode(atPath: directoryPath) != nil else { return [] }
        return try whileWriting(creatingDirectory: false) {
            let before: SessionSet
            do {
                before = try readSessions()
            } catch let error as SessionFileError where error.isBadData {
                try SessionFiles.removeFile(atPath: path)
                return []
            }
            let removed = before.entries.compactMap { try? $0.credential() }.map(readSecrets)
            let failures = try write(SessionSet(), over: before)
            return removed.map { credential, secretsError in
                Removed(
                    credential: credential, secretsError: secretsError, cleanupError: failures[credential.key]
                )
            }
        }
    }

    /// `credential` with its secrets when it can have them, else as it is and why not.
    private func readSecrets(of credential: Credential) -> (Credential, (any Error)?) {
        do {
            return (try withSecrets(credential), nil)
        } catch {
            return (credential, error)
        }
    }

    /// Removes what killed writers left behind (temporary files that may
    /// hold a token) and changes nothing else: a logout with no session to
    /// end still leaves no token in the folder.
    package func removeLeftovers() throws {
        guard try SessionFiles.mode(atPath: directoryPath) != nil else { return }
        try whileWriting(creatingDirectory: false) {}
    }

    // MARK: Storage

    /// `credential` as the file holds it, with its secrets from the keyring
    /// when they are there (``Credential/holdsStandIns``).
    ///
    /// - Throws: ``KeyringError``.
    package func withSecrets(_ credential: Credential) throws -> Credential {
        credential.holdsStandIns ? try keyring.restore(credential) : credential
    }

    package func readSessions() throws -> SessionSet {
        guard let bytes = try SessionFiles.readRegularFile(atPath: path, limit: SessionLimits.sessionFileSize)
        else {
            return SessionSet()
        }
        return try SessionFileFormat.decode(bytes, path: path)
    }

    package func changeSessions<Result>(_ kind: SessionChange, _ change: (inout SessionSet) throws -> Result)
        throws -> Result
    {
        if kind != .save, try SessionFiles.mode(atPath: directoryPath) == nil {
            // No folder, so no file: removing from nothing creates nothing.
            var sessions = SessionSet()
            let result = try change(&sessions)
            if sessions == SessionSet() { return result }
        }
        return try whileWriting(creatingDirectory: true) {
            var sessions = try readSessions()
            let before = sessions
            let result = try change(&sessions)
            if kind == .save || sessions != before { try write(sessions, over: before) }
            return result
        }
    }

    package func withSessionsLocked<Result: Sendable>(_ body: (LockedSessions) async throws -> Result)
        async throws -> Result
    {
        try SessionFiles.makeDirectory(atPath: directoryPath)
        return try await SessionFiles.whileLocked(lockPath, timeout: lockTimeout, suspending: ()) {
            try removeLeftoverTemporaryFiles()
            return try await body(
                LockedSessions(
                    read: { [self] in try readSessions() },
                    write: { [self] sessions in
                        try write(sessions, over: try readSessions())
                        try? syncDirectory(directoryPath)
                    }))
        }
    }

    /// `path` with its `.` and empty components dropped and each `..` taking
    /// away the one before, as `URL.standardizedFileURL` does, without its
    /// first-use cost (0.2M instructions at every start of the tool).
    package static func standardized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/") where component != "." {
            if component == "..", let last = components.last, last != ".." {
                components.removeLast()
            } else if component != ".." || !path.hasPrefix("/") {
                components.append(component)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
    }

    /// Whether group or others have any access to the file (a session file should be 0600).
    ///
    /// Such a file still loads; the next ``save(_:)`` makes it 0600 again.
    public func hasInsecurePermissions() throws -> Bool {
        guard let mode = try SessionFiles.mode(atPath: path) else { return false }
        return mode & 0o077 != 0
    }

    /// Runs `change` holding both writer locks, after removing what a killed
    /// writer left behind, then flushes the folder so a rename or unlink
    /// survives a power cut. The change has already happened by then, so a
    /// failed flush is not reported as a failed change.
    private func whileWriting<Result>(creatingDirectory: Bool, _ change: () throws -> Result) throws -> Result
    {
        try writers.withLock {
            if creatingDirectory { try SessionFiles.makeDirectory(atPath: directoryPath) }
            return try SessionFiles.whileLocked(lockPath, timeout: lockTimeout) {
                try removeLeftoverTemporaryFiles()
                let result = try change()
                try? syncDirectory(directoryPath)
                return result
            }
        }
    }

    /// Writes `sessions` over `before` (what the file holds), or removes the
    /// file when there are none: the secrets of a session that keeps them in
    /// the keyring go there first (a failure writes nothing), then the file
    /// (the commit point), then the keyring's items that no session names
    /// any more are deleted. A failure of that last step does not undo the
    /// write: it is returned, for the key whose items are left.
    @discardableResult
    private func write(_ sessions: SessionSet, over before: SessionSet) throws -> [SessionKey: any Error] {
        var sessions = sessions
        let kept = try sessions.keepSecrets(keyring.keep)
        do {
            if sessions.entries.isEmpty {
                try SessionFiles.removeFile(atPath: path)
            } else {
                try replaceFile(with: SessionFileFormat.encode(sessions))
            }
        } catch {
            // No file names what was just kept: take it back.
            for key in kept {
                try? keyring.discard(key, keeping: try? before.entry(.key(key))?.credential())
            }
            throw error
        }
        var failures: [SessionKey: any Error] = [:]
        for key in Self.keysToDiscard(before: before, after: sessions, kept: kept) {
            do {
                try keyring.discard(key, keeping: try sessions.entry(.key(key))?.credential())
            } catch {
                failures[key] = error
            }
        }
        return failures
    }

    /// The sessions whose keyring items may have changed: those whose
    /// secrets were just kept there (the older generations go), and those
    /// that kept them there before and were removed or rewritten.
    private static func keysToDiscard(before: SessionSet, after: SessionSet, kept: [SessionKey])
        -> [SessionKey]
    {
        var keys = kept
        for entry in before.entries where !keys.contains(entry.key) && after.entry(.key(entry.key)) != entry {
            if (try? entry.credential())?.secretsLocation == .keyring { keys.append(entry.key) }
        }
        return keys
    }

    /// Writes `data` to a new 0600 file and renames it over the session file.
    private func replaceFile(with data: Data) throws {
        let temporary =
            directoryPath + "/" + temporaryPrefix + String(UInt64.random(in: .min ... .max), radix: 36)
        do {
            try SessionFiles.writeNewFile(atPath: temporary, data: data)
            try SessionFiles.move(temporary, to: path)
        } catch {
            try? SessionFiles.removeFile(atPath: temporary)
            throw error
        }
    }

    /// Under the lock no other writer is running, so every temporary file is a
    /// dead writer's and may hold a token.
    private func removeLeftoverTemporaryFiles() throws {
        for name in try SessionFiles.entries(ofDirectory: directoryPath) where name.hasPrefix(temporaryPrefix)
        {
            try SessionFiles.removeFile(atPath: directoryPath + "/" + name)
        }
    }
}
