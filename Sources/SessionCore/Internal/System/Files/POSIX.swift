import SessionSupport

/// The few file-system calls the session file needs, made with POSIX directly.
///
/// Foundation cannot create a file that is 0600 from its first byte, never
/// fsyncs a directory, and follows symbolic links; these helpers do what the
/// session file needs and turn every failure into a ``SessionFileError``
/// that names the path.
enum POSIX {
    /// Reads a regular file without following a symbolic link or blocking on a
    /// FIFO. Returns `nil` when there is no file.
    static func readRegularFile(atPath path: String, limit: Int) throws -> [UInt8]? {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw SessionFileError.notRegularFile(path: path, kind: "a symbolic link")
            case let code: throw SessionFileError.io(path: path, operation: "open", code: code)
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw SessionFileError.io(path: path, operation: "inspect", code: errno)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw SessionFileError.notRegularFile(path: path, kind: kind(of: info.st_mode))
        }
        // Read what fstat says is there, plus one byte to notice a file that grew.
        let tooLarge = SessionFileError.corrupt(path: path, reason: "larger than \(limit) bytes")
        let expected = Int(info.st_size)
        guard expected <= limit else { throw tooLarge }
        var bytes = [UInt8](repeating: 0, count: expected + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else { throw tooLarge }
                bytes += [UInt8](repeating: 0, count: bytes.count)
            }
            let count = bytes.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return retryingOnInterrupt { read(fd, base + filled, raw.count - filled) }
            }
            guard count >= 0 else { throw SessionFileError.io(path: path, operation: "read", code: errno) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// Creates a new file that is 0600 from its first byte, writes `data` and,
    /// `flush`ing, fsyncs it. Fails if anything already exists at `path`.
    static func writeNewFile(atPath path: String, data: Data, flush: Bool = true) throws {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
        let fd = retryingOnInterrupt { open(path, flags, 0o600) }
        guard fd >= 0 else { throw SessionFileError.io(path: path, operation: "create", code: errno) }
        defer { close(fd) }
        // The umask can only take bits away; fchmod makes the mode exactly 0600.
        guard fchmod(fd, 0o600) == 0 else {
            throw SessionFileError.io(path: path, operation: "set permissions of", code: errno)
        }
        try data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = retryingOnInterrupt { write(fd, base + offset, raw.count - offset) }
                guard written > 0 else {
                    throw SessionFileError.io(path: path, operation: "write", code: errno)
                }
                offset += written
            }
        }
        guard !flush || retryingOnInterrupt({ fsync(fd) }) == 0 else {
            throw SessionFileError.io(path: path, operation: "flush", code: errno)
        }
    }

    /// Creates the directory and any missing parent with mode 0700.
    static func makeDirectory(atPath path: String) throws {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST {
                throw SessionFileError.io(path: partial, operation: "create the folder", code: errno)
            }
        }
    }

    /// Flushes a directory, so a rename or unlink in it survives a power cut.
    static func syncDirectory(atPath path: String) throws {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else {
            throw SessionFileError.io(path: path, operation: "open the folder", code: errno)
        }
        defer { close(fd) }
        guard retryingOnInterrupt({ fsync(fd) }) == 0 else {
            throw SessionFileError.io(path: path, operation: "flush the folder", code: errno)
        }
    }

    /// Atomically puts `source` in the place of `destination`.
    static func move(_ source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw SessionFileError.io(path: destination, operation: "replace", code: errno)
        }
    }

    /// Removes a file. A missing file is not an error; a directory is.
    static func removeFile(atPath path: String) throws {
        guard unlink(path) != 0 else { return }
        switch errno {
        case ENOENT: return
        case EISDIR: throw SessionFileError.notRegularFile(path: path, kind: "a directory")
        case let code: throw SessionFileError.io(path: path, operation: "remove", code: code)
        }
    }

    /// The mode of the file at `path` (not following a link), or `nil` if there is none.
    static func mode(atPath path: String) throws -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SessionFileError.io(path: path, operation: "inspect", code: errno)
        }
        return info.st_mode
    }

    /// The names in a directory, without `.` and `..`.
    static func entries(ofDirectory path: String) throws -> [String] {
        guard let directory = opendir(path) else {
            throw SessionFileError.io(path: path, operation: "list", code: errno)
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

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// Repeats a system call that a signal interrupted.
    static func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
