import SessionSupport

/// Hands a command that needs networking to `session-cli-api`, the companion
/// executable, by replacing this process with it.
///
/// Networking links FoundationNetworking (libcurl and some 30 libraries,
/// ~5 ms at every start), and `status`, `switch`, `token` with a fresh token,
/// `login --with-token` (unless it replaces a session whose grant it
/// revokes) and `logout --local` must not pay for it. The companion
/// runs the same command line from its start, so a command asks for the
/// network (``CommandContext/network()``) before it changes anything or
/// prints anything; what it has read of its standard input by then is
/// handed over too, ahead of the rest.
///
/// The companion receives the session's token, so only the one installed
/// beside this executable is run, never one found on `PATH` (git's
/// exec-path rule): a `session-cli-api` planted earlier on `PATH` would
/// otherwise be handed the token.
enum CompanionLauncher {
    static let companionName = "session-cli-api"

    /// Replaces this process with the companion, passing the whole command
    /// line, and as its standard input `consumed` followed by what is left.
    static func run(_ arguments: [String], replaying consumed: [UInt8]) throws(CLIError) -> Never {
        guard let folder = Executable.folder() else {
            throw CLIError(.companionFolderUnknown, code: .software)
        }
        let companion = folder + "/" + companionName
        guard access(companion, X_OK) == 0 else {
            throw CLIError(.companionMissing, ["folder": folder], code: .software)
        }
        if !consumed.isEmpty { try replay(consumed) }
        let argv = ([companion] + arguments).map { strdup($0) } + [nil]
        execv(companion, argv)
        throw CLIError(
            .companionCannotRun, ["path": companion, "reason": String(cString: strerror(errno))],
            code: .software)
    }

    /// Makes standard input start with `consumed` again: a file in memory
    /// (an unlinked 0600 temporary file where there is no `memfd_create`)
    /// holding those bytes becomes standard input. A command reads its input
    /// to its end before it asks for the network, so nothing follows.
    private static func replay(_ consumed: [UInt8]) throws(CLIError) {
        let fd = anonymousFile()
        guard fd >= 0 else {
            throw CLIError(.companionInputLost, ["reason": String(cString: strerror(errno))], code: .ioError)
        }
        defer { systemClose(fd) }
        var written = 0
        while written < consumed.count {
            let count = consumed[written...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw CLIError(
                    .companionInputLost, ["reason": String(cString: strerror(errno))], code: .ioError)
            }
            written += count
        }
        guard lseek(fd, 0, SEEK_SET) == 0, dup2(fd, STDIN_FILENO) == STDIN_FILENO else {
            throw CLIError(.companionInputLost, ["reason": String(cString: strerror(errno))], code: .ioError)
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
}
