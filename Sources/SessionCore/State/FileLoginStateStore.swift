public import Foundation

/// A store that keeps the session in one JSON file, safe across threads,
/// processes and crashes.
///
/// - The file is 0600 from its first byte and its folder is created 0700.
/// - A save writes a new file next to the old one, fsyncs it, renames it over
///   the old one and fsyncs the folder: a reader sees the old session or the
///   new one, never a mix, and a crash leaves one of the two.
/// - Writers (`save`, `clear`) take an exclusive `flock` on a sibling
///   `<name>.lock` file, and threads of one process a lock of their own.
///   Readers take no lock.
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

    /// A session file is a few hundred bytes; anything this large is not one.
    static let sizeLimit = 1 << 20

    private let path: String
    private let directoryPath: String
    private let lockPath: String
    private let temporaryPrefix: String
    private let writers = Locked(())

    /// - Parameter fileURL: The session file. Its folder is created on the first save.
    public init(fileURL: URL) {
        self.fileURL = fileURL.standardizedFileURL
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
        guard let data = try POSIX.readRegularFile(atPath: path, limit: Self.sizeLimit) else {
            return .loggedOut
        }
        return .loggedIn(try SessionFileFormat.decode(data, path: path))
    }

    /// Replaces the session with `credential`, durably and atomically.
    ///
    /// The new file is 0600 even if the old one was not.
    /// - Throws: ``SessionFileError`` when the folder or file cannot be written.
    public func save(_ credential: Credential) throws {
        let data = try SessionFileFormat.encode(credential)
        try whileWriting(creatingDirectory: true) {
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
    }

    /// Logs out: removes the file. Succeeds when there is no session.
    ///
    /// - Throws: ``SessionFileError`` when something other than a file is in
    ///   the way or the folder cannot be written.
    public func clear() throws {
        guard try POSIX.mode(atPath: directoryPath) != nil else { return }
        try whileWriting(creatingDirectory: false) {
            try POSIX.removeFile(atPath: path)
        }
    }

    /// Whether group or others have any access to the file (a session file should be 0600).
    ///
    /// Such a file still loads; the next ``save(_:)`` makes it 0600 again.
    public func hasInsecurePermissions() throws -> Bool {
        guard let mode = try POSIX.mode(atPath: path) else { return false }
        return mode & 0o077 != 0
    }

    /// Runs `change` holding both writer locks, after removing what a killed
    /// writer left behind, and makes the result durable by flushing the folder.
    private func whileWriting(creatingDirectory: Bool, _ change: () throws -> Void) throws {
        try writers.withLock { _ in
            if creatingDirectory { try POSIX.makeDirectory(atPath: directoryPath) }
            let lock = try FileLock(path: lockPath)
            try removeLeftoverTemporaryFiles()
            try change()
            try POSIX.syncDirectory(atPath: directoryPath)
            _ = consume lock
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
