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

/// The few file-system calls the session file needs, made with POSIX directly.
///
/// Foundation cannot create a file that is 0600 from its first byte, never
/// fsyncs a directory, and follows symbolic links; these helpers do what the
/// session file needs and turn every failure into a ``SystemError`` that
/// names the path (the model maps it to its own error).
package enum POSIX {
    /// Reads a regular file without following a symbolic link or blocking on a
    /// FIFO (``SmallFile``). Returns `nil` when there is no file.
    package static func readRegularFile(atPath path: String, limit: Int) throws -> [UInt8]? {
        let file: SmallFile.Contents
        do {
            // Not the literal [.noFollow, .regularOnly]: its array's type would be made at every
            // start of the tool, 46k instructions (callgrind).
            let options = SmallFile.Options.noFollow.union(.regularOnly)
            file = try SmallFile.read(path, limit: limit, options: options)
        } catch {
            switch error {
            case .system(call: "open", code: ENOENT): return nil
            case .system(call: "open", code: ELOOP):
                throw SystemError.notRegularFile(path: path, kind: "a symbolic link")
            case .system(let call, let code):
                throw SystemError.failed(call == "fstat" ? "inspect" : call, path: path, code: code)
            case .notRegular(let mode):
                throw SystemError.notRegularFile(path: path, kind: SmallFile.Failure.kind(of: mode))
            }
        }
        guard !file.exceedsLimit else {
            throw SystemError.tooLarge(path: path, limit: limit)
        }
        return file.bytes
    }

    /// A descriptor open for reading the file at `path` (following links, as
    /// a user's own file may be one), or `nil` when it cannot be opened. The
    /// caller closes it.
    package static func openForReading(atPath path: String) -> Int32? {
        let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
        return descriptor >= 0 ? descriptor : nil
    }

    /// Whether `path` is a folder (following links) whose names this process may read and open.
    package static func isReadableFolder(atPath path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            && access(path, R_OK | X_OK) == 0
    }

    /// Why the file at `path` cannot be read (`errno`: missing, no
    /// permission, `EISDIR` for a folder), or `nil` when it can.
    package static func readProblem(atPath path: String) -> Int32? {
        var info = stat()
        guard stat(path, &info) == 0, access(path, R_OK) == 0 else { return errno }
        return info.st_mode & S_IFMT == S_IFDIR ? EISDIR : nil
    }

    /// Creates a new file that is 0600 from its first byte, writes `data` and,
    /// `flush`ing, fsyncs it. Fails if anything already exists at `path`.
    package static func writeNewFile(atPath path: String, data: Data, flush: Bool = true) throws {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
        let fd = retryingOnInterrupt { open(path, flags, 0o600) }
        guard fd >= 0 else { throw SystemError.failed("create", path: path, code: errno) }
        defer { close(fd) }
        // The umask can only take bits away; fchmod makes the mode exactly 0600.
        guard fchmod(fd, 0o600) == 0 else {
            throw SystemError.failed("set permissions of", path: path, code: errno)
        }
        try data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = retryingOnInterrupt { write(fd, base + offset, raw.count - offset) }
                guard written > 0 else {
                    throw SystemError.failed("write", path: path, code: errno)
                }
                offset += written
            }
        }
        guard !flush || retryingOnInterrupt({ fsync(fd) }) == 0 else {
            throw SystemError.failed("flush", path: path, code: errno)
        }
    }

    /// Creates the directory and any missing parent with mode 0700.
    package static func makeDirectory(atPath path: String) throws {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST {
                throw SystemError.failed("create the folder", path: partial, code: errno)
            }
        }
    }

    /// Flushes a directory, so a rename or unlink in it survives a power cut.
    package static func syncDirectory(atPath path: String) throws {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else {
            throw SystemError.failed("open the folder", path: path, code: errno)
        }
        defer { close(fd) }
        guard retryingOnInterrupt({ fsync(fd) }) == 0 else {
            throw SystemError.failed("flush the folder", path: path, code: errno)
        }
    }

    /// Atomically puts `source` in the place of `destination`.
    package static func move(_ source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw SystemError.failed("replace", path: destination, code: errno)
        }
    }

    /// Removes a file. A missing file is not an error; a directory is.
    package static func removeFile(atPath path: String) throws {
        guard unlink(path) != 0 else { return }
        switch errno {
        case ENOENT: return
        case EISDIR: throw SystemError.notRegularFile(path: path, kind: "a directory")
        case let code: throw SystemError.failed("remove", path: path, code: code)
        }
    }

    /// The mode of the file at `path` (not following a link), or `nil` if there is none.
    package static func mode(atPath path: String) throws -> UInt32? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SystemError.failed("inspect", path: path, code: errno)
        }
        return UInt32(info.st_mode)
    }

    /// The mode of the file at `path`, following a link (a key file may be one).
    package static func modeFollowingLinks(atPath path: String) throws(SystemError) -> UInt32 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .failed("inspect", path: path, code: errno) }
        return UInt32(info.st_mode)
    }

    /// The names in a directory, without `.` and `..`.
    package static func entries(ofDirectory path: String) throws -> [String] {
        guard let directory = opendir(path) else {
            throw SystemError.failed("list", path: path, code: errno)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
