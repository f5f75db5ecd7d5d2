#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
/// The one reader of small files, up to a limit: the session file and the
/// nonces beside it, a CA file, a client certificate and its key, a key
/// file, and a file a person names on the command line. It says what the
/// system said (the call and `errno`); each caller turns that into its own
/// error, in its own words.
///
/// ```swift
/// let file = try SmallFile.read("/etc/ssl/ca.pem", limit: 16 << 10, options: .regularOnly)
/// file.bytes          // at most 16 KiB
/// file.exceedsLimit   // whether there was more
/// ```
package enum SmallFile {
    /// What was read.
    package struct Contents: Sendable, Equatable {
        /// The whole file, or its first `limit` bytes when it holds more.
        package let bytes: [UInt8]
        /// Whether the file holds more than the limit.
        package let exceedsLimit: Bool
        /// The file's type and permission bits (`st_mode`).
        package let mode: UInt32

        /// Whether anyone but the owner may read or write it.
        package var isOpenToOthers: Bool { mode & 0o077 != 0 }
    }

    /// How a path may be opened.
    package struct Options: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// A symbolic link is refused (`ELOOP` from `open`), never followed.
        package static let noFollow = Options(rawValue: 1)
        /// Only a regular file: a folder, a FIFO or a device is refused
        /// before anything is read, and opening a FIFO never blocks.
        package static let regularOnly = Options(rawValue: 2)
    }

    /// Why a file could not be read.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// A system call failed: its name (`open`, `fstat`, `read`) and `errno`.
        case system(call: String, code: Int32)
        /// Not a regular file (with ``Options/regularOnly``): its `st_mode`.
        case notRegular(mode: UInt32)

        /// The system's words for it, or "not a regular file".
        package var description: String {
            switch self {
            case .system(_, let code): String(cString: strerror(code))
            case .notRegular: "not a regular file"
            }
        }

        /// What a file of `mode` is, in words: "a directory", "a FIFO"…
        package static func kind(of mode: UInt32) -> String {
            switch mode_t(mode) & S_IFMT {
            case S_IFDIR: "a directory"
            case S_IFIFO: "a FIFO"
            case S_IFSOCK: "a socket"
            case S_IFCHR: "a character device"
            case S_IFBLK: "a block device"
            case S_IFLNK: "a symbolic link"
            default: "not a regular file"
            }
        }
    }

    /// Reads up to `limit` bytes of the file at `path`, and whether it holds more.
    package static func read(_ path: String, limit: Int, options: Options = []) throws(Failure) -> Contents {
        var flags = O_RDONLY | O_CLOEXEC
        if options.contains(.noFollow) { flags |= O_NOFOLLOW }
        if options.contains(.regularOnly) { flags |= O_NONBLOCK }
        let fd = retryingOnInterrupt { open(path, flags) }
        guard fd >= 0 else { throw .system(call: "open", code: errno) }
        defer { systemClose(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .system(call: "fstat", code: errno) }
        let mode = UInt32(status.st_mode)
        if options.contains(.regularOnly), status.st_mode & S_IFMT != S_IFREG {
            throw .notRegular(mode: mode)
        }
        // One byte past the limit tells a file that holds more.
        let wanted = limit + 1
        var bytes = [UInt8](repeating: 0, count: min(wanted, max(Int(status.st_size) + 1, 4096)))
        var filled = 0
        while filled < wanted {
            if filled == bytes.count {
                bytes += [UInt8](repeating: 0, count: min(bytes.count, wanted - filled))
            }
            let count = bytes[filled...].withUnsafeMutableBytes { raw -> Int in
                retryingOnInterrupt { systemRead(fd, raw.baseAddress, raw.count) }
            }
            guard count >= 0 else { throw .system(call: "read", code: errno) }
            if count == 0 { break }
            filled += count
        }
        return Contents(bytes: Array(bytes[..<min(filled, limit)]), exceedsLimit: filled > limit, mode: mode)
    }
}
