#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A writer waited too long for the store's lock: another process (or a
/// stopped one, `kill -STOP`) is holding it.
///
/// Readers never wait; only `save`, `clear` and `update` take the lock.
///
/// ```swift
/// do { try store.save(credential) } catch let busy as StoreBusyError { print(busy) }
/// ```
public struct StoreBusyError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The lock file the writer waited for.
    public let lockPath: String
    /// How long it waited, in seconds.
    public let waited: TimeInterval

    /// A writer gave up after `waited` seconds on `lockPath`.
    public init(lockPath: String, waited: TimeInterval) {
        self.lockPath = lockPath
        self.waited = waited
    }

    /// The message: what failed and what to do next.
    public var description: String {
        "the session store is busy: another process has held the lock \(lockPath) for more than "
            + "\(Self.seconds(waited)); try again, or find the holder with 'fuser \(lockPath)'"
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    private static func seconds(_ value: TimeInterval) -> String {
        value.rounded() == value ? "\(Int(value)) s" : "\(value) s"
    }
}
