import SessionSupport
import SessionSystem

/// The session file's calls to the file system (SessionSystem's ``POSIX``
/// and ``FileLock``), each failure turned into the error the store throws:
/// ``SessionFileError`` naming the path, or ``StoreBusyError``.
enum SessionFiles {
    static func readRegularFile(atPath path: String, limit: Int) throws -> [UInt8]? {
        try mapped { try POSIX.readRegularFile(atPath: path, limit: limit) }
    }

    static func writeNewFile(atPath path: String, data: Data, flush: Bool = true) throws {
        try mapped { try POSIX.writeNewFile(atPath: path, data: data, flush: flush) }
    }

    static func makeDirectory(atPath path: String) throws {
        try mapped { try POSIX.makeDirectory(atPath: path) }
    }

    static func syncDirectory(atPath path: String) throws {
        try mapped { try POSIX.syncDirectory(atPath: path) }
    }

    static func move(_ source: String, to destination: String) throws {
        try mapped { try POSIX.move(source, to: destination) }
    }

    static func removeFile(atPath path: String) throws {
        try mapped { try POSIX.removeFile(atPath: path) }
    }

    static func mode(atPath path: String) throws -> UInt32? {
        try mapped { try POSIX.mode(atPath: path) }
    }

    static func entries(ofDirectory path: String) throws -> [String] {
        try mapped { try POSIX.entries(ofDirectory: path) }
    }

    /// Holds the writers' lock file while `body` runs, waiting at most `timeout` seconds for it.
    static func whileLocked<Result>(_ path: String, timeout: TimeInterval, _ body: () throws -> Result) throws
        -> Result
    {
        let lock = try mapped { try FileLock(path: path, timeout: timeout) }
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }

    /// The same, for a task: it suspends while it waits, and a cancelled task stops waiting.
    static func whileLocked<Result>(
        _ path: String, timeout: TimeInterval, suspending: Void, _ body: () async throws -> Result
    ) async throws -> Result {
        let lock = try await lockSuspending(path, timeout: timeout)
        defer { withExtendedLifetime(lock) {} }
        return try await body()
    }

    private static func lockSuspending(_ path: String, timeout: TimeInterval) async throws -> FileLock {
        do {
            return try await FileLock(path: path, timeout: timeout, suspending: ())
        } catch let error as SystemError {
            throw map(error)
        }
    }

    private static func mapped<Result: ~Copyable>(_ call: () throws -> Result) throws -> Result {
        do {
            return try call()
        } catch let error as SystemError {
            throw map(error)
        }
    }

    private static func map(_ error: SystemError) -> any Error {
        switch error {
        case .failed(let operation, let path, let code):
            SessionFileError.io(path: path, operation: operation, code: code)
        case .notRegularFile(let path, let kind):
            SessionFileError.notRegularFile(path: path, kind: kind)
        case .tooLarge(let path, let limit):
            SessionFileError.corrupt(path: path, reason: "larger than \(limit) bytes")
        case .busy(let lockPath, let waited):
            StoreBusyError(lockPath: lockPath, waited: waited)
        }
    }
}
