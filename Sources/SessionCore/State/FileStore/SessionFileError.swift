import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
/// Why a ``FileLoginStateStore`` could not read or write its file.
///
/// Every case names the path, and every message says what to do next. None
/// ever contains a byte of the file: a corrupt file may still hold a token.
///
/// ```swift
/// do { _ = try store.load() }
/// catch let error as SessionFileError { print(error) }   // the path, what is wrong, what to do
/// ```
public enum SessionFileError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The file is empty: a truncated file, not "logged out" (that is no file).
    case empty(path: String)
    /// The file is not a session: not JSON, a missing field, a wrong type, an invalid token.
    case corrupt(path: String, reason: String)
    /// The file was written by a newer version of the format. It is left as it is.
    case unsupportedVersion(path: String, version: Int)
    /// Something other than a regular file is at the path: a directory, a FIFO, a symbolic link.
    case notRegularFile(path: String, kind: String)
    /// A system call failed: permissions, a full disk, a path through a file.
    case io(path: String, operation: String, code: Int32)

    /// The path the error is about.
    public var path: String {
        switch self {
        case .empty(let path), .corrupt(let path, _), .unsupportedVersion(let path, _),
            .notRegularFile(let path, _), .io(let path, _, _):
            path
        }
    }

    /// Whether the file's content is at fault (as opposed to the file system).
    public var isBadData: Bool {
        switch self {
        case .empty, .corrupt, .unsupportedVersion: true
        case .notRegularFile, .io: false
        }
    }

    /// The message: what failed and what to do next.
    public var description: String {
        switch self {
        case .empty(let path):
            "session file \(path) is empty (a truncated write?); log out to remove it, then log in again"
        case .corrupt(let path, let reason):
            "session file \(path) is corrupt (\(reason)); log out to remove it, then log in again"
        case .unsupportedVersion(let path, let version):
            "session file \(path) has format version \(version), newer than this version reads "
                + "(\(SessionFileFormat.version)); upgrade, or log out to discard it"
        case .notRegularFile(let path, let kind):
            "session file \(path) is \(kind), not a regular file; move it out of the way"
        case .io(let path, let operation, let code):
            "cannot \(operation) \(path): \(Errno.text(code))"
                + Self.hint(for: code)
        }
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    private static func hint(for code: Int32) -> String {
        switch code {
        case Errno.accessDenied, Errno.notPermitted:
            "; check the owner and permissions of the file and its folder"
        case Errno.readOnlyFileSystem: "; keep the store in another location"
        case Errno.noSpace, Errno.quotaExceeded: "; free some disk space"
        case Errno.notDirectory: "; a part of the path is a file, not a folder"
        default: ""
        }
    }
}
