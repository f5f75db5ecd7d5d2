#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where this program is, and the calls that replace or end it: the
/// companion is run from its folder, and `setup-git` writes `session-cli`'s
/// path into git's configuration.
package enum Executable {
    /// The real folder of this executable, symbolic links resolved.
    package static func folder() -> String? {
        #if canImport(Darwin)
            var size = UInt32(PATH_MAX)
            var path = [CChar](repeating: 0, count: Int(size))
            guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
            let link = path
        #else
            let link = Array("/proc/self/exe".utf8CString)
        #endif
        guard let resolved = realpath(link, nil) else { return nil }
        defer { free(resolved) }
        let full = String(cString: resolved)
        return full.lastIndex(of: "/").map { String(full[..<$0]) }
    }

    /// The process's working folder, or `nil` when it cannot be had (removed, say).
    package static func currentDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }

    /// Whether `path` names a file this process may run.
    package static func isRunnable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// Replaces this process with the program at `path`, `arguments` after
    /// its own path. Returns only when it could not: `errno`'s words.
    package static func replaceProcess(with path: String, arguments: [String]) -> String {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = Errno.text(errno)
        for pointer in argv { free(pointer) }
        return reason
    }

    /// Makes standard input start with `bytes`, read from a file in memory
    /// (an unlinked 0600 temporary file where there is no `memfd_create`)
    /// that takes standard input's place. Throws `errno`'s words.
    package static func replaceStandardInput(with bytes: [UInt8]) throws(SystemError) {
        let fd = anonymousFile()
        guard fd >= 0 else { throw .failed("create", path: "standard input", code: errno) }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .failed("write", path: "standard input", code: errno) }
            written += count
        }
        guard lseek(fd, 0, SEEK_SET) == 0, dup2(fd, STDIN_FILENO) == STDIN_FILENO else {
            throw .failed("replace", path: "standard input", code: errno)
        }
    }

    /// A new file with no name: `memfd_create` where the C library has it
    /// (looked up at run time: Swift's Glibc module leaves it out), else an
    /// unlinked `mkstemp` file.
    private static func anonymousFile() -> Int32 {
        typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
        if let create = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create") {
            let fd = unsafeBitCast(create, to: MemfdCreate.self)("session-cli-input", 0)
            if fd >= 0 { return fd }
        }
        var template = Array("/tmp/session-cli-input-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        if fd >= 0 { unlink(template) }
        return fd
    }

    /// Ends the process with `status`.
    package static func exit(_ status: Int32) -> Never {
        exitCall(status)
    }
}

/// `exit(3)`, by a name ``Executable/exit(_:)`` does not shadow.
private func exitCall(_ status: Int32) -> Never { exit(status) }
