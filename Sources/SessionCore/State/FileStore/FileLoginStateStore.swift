import SessionSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A store that keeps the session in one JSON file, safe across threads,
/// processes and crashes.
///
/// - The file is 0600 from its first byte and its folder is created 0700.
/// - A save writes a new file next to the old one, fsyncs it, renames it over
///   the old one and fsyncs the folder: a reader sees the old session or the
///   new one, never a mix, and a crash leaves one of the two.
/// - Writers (`save`, `clear`, `update`) take an exclusive `flock` on a
///   sibling `<name>.lock` file, and threads of one process a lock of their
///   own. The wait is bounded (``lockTimeout``, ``SessionLimits/lockTimeout`` by default), then
///   ``StoreBusyError``. Readers take no lock.
/// - The rename is the commit point: once it is done the save has happened,
///   whatever comes after it, and `save` says so.
/// - Logged out means no file: `clear()` unlinks it, along with any temporary
///   file a killed writer left, so no copy of the token outlives a logout.
/// - A read never changes the file. A bad file is a ``SessionFileError`` that
///   names the path and what to do.
///
/// ```swift
/// let store = FileLoginStateStore(
///     fileURL: FileLoginStateStore.defaultFileURL(appName: "my-app", environment: ProcessInfo.processInfo.environment))
/// try store.save(credential)
/// let state = try store.load()      // .loggedIn(credential)
/// ```
public final class FileLoginStateStore: LoginStateRepository {
    /// Where the session is kept.
    public let fileURL: URL

    /// How long a writer waits for another process's lock before it gives up
    /// with ``StoreBusyError``, in seconds.
    public let lockTimeout: TimeInterval

    /// Flushes the folder after the commit point; tests pass one that fails.
    private let syncDirectory: @Sendable (String) throws -> Void

    private let path: String
    private let directoryPath: String
    private let lockPath: String
    private let temporaryPrefix: String
    private let writers = Locked(())

    /// - Parameters:
    ///   - fileURL: The session file. Its folder is created on the first save.
    ///   - lockTimeout: How long a writer waits for another process's lock, in
    ///     seconds: 0 to 86 400 (a day); anything else is clamped, NaN is the default.
    public convenience init(fileURL: URL, lockTimeout: TimeInterval = SessionLimits.lockTimeout) {
        self.init(fileURL: fileURL, lockTimeout: lockTimeout) { try POSIX.syncDirectory(atPath: $0) }
    }

    init(
        fileURL: URL, lockTimeout: TimeInterval,
        syncDirectory: @escaping @Sendable (String) throws -> Void
    ) {
        self.syncDirectory = syncDirectory
        self.fileURL = fileURL.standardizedFileURL
        // NaN, negative and endless waits become a bounded one.
        self.lockTimeout = lockTimeout.isFinite ? min(max(0, lockTimeout), 86_400) : SessionLimits.lockTimeout
        path = self.fileURL.path
        directoryPath = self.fileURL.deletingLastPathComponent().path
        let name = self.fileURL.lastPathComponent
        lockPath = directoryPath + "/" + name + ".lock"
        temporaryPrefix = "." + name + ".tmp-"
    }

    /// Reads the session. No file is `.loggedOut`.
    ///
    /// - Throws: ``SessionFileError`` for an empty, corrupt, future-version,
    ///   unreadable or non-regular file. The file is left as it is.
    public func load() throws -> LoginState {
        guard let data = try POSIX.readRegularFile(atPath: path, limit: SessionLimits.sessionFileSize) else {
            return .loggedOut
        }
        return .loggedIn(try SessionFileFormat.decode(data, path: path))
    }

    /// Replaces the session with `credential`, durably and atomically.
    ///
    /// The new file is 0600 even if the old one was not. Once the new file
    /// has replaced the old one, the save has happened: a failure to flush
    /// the folder after that is not reported as a failed save, because every
    /// reader already sees the new session.
    /// - Throws: ``SessionFileError`` when the folder or file cannot be
    ///   written (nothing changed then), ``StoreBusyError`` when another
    ///   writer holds the lock for longer than ``lockTimeout``.
    public func save(_ credential: Credential) throws {
        let data = try SessionFileFormat.encode(credential)
        try whileWriting(creatingDirectory: true) { try replaceFile(with: data) }
    }

    /// Logs out: removes the file. Succeeds when there is no session.
    ///
    /// - Throws: ``SessionFileError`` when something other than a file is in
    ///   the way or the folder cannot be written, ``StoreBusyError`` when
    ///   another writer holds the lock for longer than ``lockTimeout``.
    public func clear() throws {
        guard try POSIX.mode(atPath: directoryPath) != nil else { return }
        try whileWriting(creatingDirectory: false) { try POSIX.removeFile(atPath: path) }
    }

    /// Reads the session, lets `change` edit it, and writes the result, all
    /// under the writer lock: no other writer, in this process or another,
    /// can come in between.
    ///
    /// Nothing is written when `change` leaves the state as it was.
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
        // whileWriting flushes the folder once, after the change.
        try whileWriting(creatingDirectory: true) { try lockedAccess(flushing: false).update(change) }
    }

    /// Runs `body` holding the writer lock across its `await`s, for a
    /// refresh that must read, ask the provider and save as one step.
    ///
    /// The lock is the same `flock` every writer takes, so no `save`,
    /// `clear` or other refresh, in this process or another, comes in
    /// between. Waiting for it suspends the task (it does not block a
    /// thread) and gives up after ``lockTimeout``. What `body` saves is
    /// durable (fsynced and renamed) before `save` returns.
    ///
    /// ```swift
    /// let fresh = try await store.withExclusiveAccess { locked in
    ///     let current = try locked.load().credential      // read again under the lock
    ///     ...                                             // ask the provider
    ///     try locked.save(rotated)
    ///     return rotated
    /// }
    /// ```
    /// - Throws: ``StoreBusyError``, ``SessionFileError``, or what `body` throws.
    public func withExclusiveAccess<Result: Sendable>(_ body: (ExclusiveLoginState) async throws -> Result)
        async throws -> Result
    {
        try POSIX.makeDirectory(atPath: directoryPath)
        let lock = try await FileLock(path: lockPath, timeout: lockTimeout, suspending: ())
        try removeLeftoverTemporaryFiles()
        let result = try await body(lockedAccess(flushing: true))
        _ = consume lock
        return result
    }

    /// Whether group or others have any access to the file (a session file should be 0600).
    ///
    /// Such a file still loads; the next ``save(_:)`` makes it 0600 again.
    public func hasInsecurePermissions() throws -> Bool {
        guard let mode = try POSIX.mode(atPath: path) else { return false }
        return mode & 0o077 != 0
    }

    /// Runs `change` holding both writer locks, after removing what a killed
    /// writer left behind, then flushes the folder so a rename or unlink
    /// survives a power cut. The change has already happened by then, so a
    /// failed flush is not reported as a failed change.
    private func whileWriting<Result>(creatingDirectory: Bool, _ change: () throws -> Result) throws -> Result
    {
        try writers.withLock {
            if creatingDirectory { try POSIX.makeDirectory(atPath: directoryPath) }
            let lock = try FileLock(path: lockPath, timeout: lockTimeout)
            try removeLeftoverTemporaryFiles()
            let result = try change()
            try? syncDirectory(directoryPath)
            _ = consume lock
            return result
        }
    }

    /// The session's operations for a holder of the writer lock: they take
    /// no lock themselves. With `flushing`, each write flushes the folder
    /// after its commit point (a failed flush is not a failed write).
    private func lockedAccess(flushing: Bool) -> ExclusiveLoginState {
        ExclusiveLoginState(
            load: { [self] in try load() },
            save: { [self] credential in
                try replaceFile(with: try SessionFileFormat.encode(credential))
                if flushing { try? syncDirectory(directoryPath) }
            },
            clear: { [self] in
                try POSIX.removeFile(atPath: path)
                if flushing { try? syncDirectory(directoryPath) }
            })
    }

    /// Writes `data` to a new 0600 file and renames it over the session file.
    private func replaceFile(with data: Data) throws {
        let temporary =
            directoryPath + "/" + temporaryPrefix + String(UInt64.random(in: .min ... .max), radix: 36)
        do {
            try POSIX.writeNewFile(atPath: temporary, data: data)
            try POSIX.move(temporary, to: path)
        } catch {
            try? POSIX.removeFile(atPath: temporary)
            throw error
        }
    }

    /// Under the lock no other writer is running, so every temporary file is a
    /// dead writer's and may hold a token.
    private func removeLeftoverTemporaryFiles() throws {
        for name in try POSIX.entries(ofDirectory: directoryPath) where name.hasPrefix(temporaryPrefix) {
            try POSIX.removeFile(atPath: directoryPath + "/" + name)
        }
    }
}
