import SessionSupport

/// The few file-system calls the session file needs, made with POSIX directly.
///
/// Foundation cannot create a file that is 0600 from its first byte, never
/// fsyncs a directory, and follows symbolic links; these helpers do what the
/// session file needs and turn every failure into a ``SessionFileError``
/// that names the path.
enum POSIX {
    /// Reads a regular file without following a symbolic link or blocking on a
    /// FIFO (``SmallFile``). Returns `nil` when there is no file.
    static func readRegularFile(atPath path: String, limit: Int) throws -> [UInt8]? {
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
                throw SessionFileError.notRegularFile(path: path, kind: "a symbolic link")
            case .system(let call, let code):
                throw SessionFileError.io(
                    path: path, operation: call == "fstat" ? "inspect" : call, code: code)
            case .notRegular(let mode):
                throw SessionFileError.notRegularFile(path: path, kind: SmallFile.Failure.kind(of: mode))
            }
        }
        guard !file.exceedsLimit else {
            throw SessionFileError.corrupt(path: path, reason: "larger than \(limit) bytes")
        }
        return file.bytes
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
}
