#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Why a call to the operating system failed: what was being done, to which
/// path, and `errno`. The model maps it to the public error it throws
/// (``SessionFileError`` for the session file), so no caller sees this type.
package enum SystemError: Error, Sendable, Equatable {
    /// A call failed: `operation` in words ("create", "lock"), its `errno`.
    case failed(_ operation: String, path: String, code: Int32)
    /// Something other than a regular file is at the path; `kind` says what ("a directory").
    case notRegularFile(path: String, kind: String)
    /// The file is larger than the most its reader takes.
    case tooLarge(path: String, limit: Int)
    /// Another process held the lock file for all of `waited` seconds.
    case busy(lockPath: String, waited: TimeInterval)
}

extension SystemError {
    /// The system's words for why: `errno`'s text, or what else went wrong.
    package var reason: String {
        switch self {
        case .failed(_, _, let code): Errno.text(code)
        case .notRegularFile(_, let kind): "it is \(kind)"
        case .tooLarge(_, let limit): "larger than \(limit) bytes"
        case .busy: "another process holds the lock"
        }
    }
}

/// `errno`'s values that the layers above tell apart, by name, so that they
/// need not import the C library to compare a code.
package enum Errno {
    package static var accessDenied: Int32 { EACCES }
    package static var notPermitted: Int32 { EPERM }
    package static var readOnlyFileSystem: Int32 { EROFS }
    package static var noSpace: Int32 { ENOSPC }
    package static var quotaExceeded: Int32 { EDQUOT }
    package static var notDirectory: Int32 { ENOTDIR }
    package static var tooManyFiles: Int32 { EMFILE }
    package static var tooManyFilesInSystem: Int32 { ENFILE }

    /// The thread's `errno` now.
    package static var current: Int32 { errno }

    /// The system's words for `code` (`strerror`).
    package static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
