import Dispatch

#if canImport(Darwin)
    package import Darwin
#elseif canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    package import Musl
#endif

/// The one way the library and the tool start a process: `posix_spawnp`,
/// the program found on `PATH` as a shell finds it but never run through a
/// shell (so nothing in an argument is ever a command), with this process's
/// environment, its standard input and output on `/dev/null` (it never
/// reads the person's input or writes over the terminal), and the signals'
/// default handling, none blocked, whatever this process set up.
///
/// ```swift
/// let outcome = try Spawn.run(["git", "config", "--global", "--get", "user.name"], errorLimit: 4096)
/// try Spawn.detached(["xdg-open", url])   // reaped on a thread of its own
/// ```
package enum Spawn {
    /// Why a process could not be started.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// No such program on `PATH`.
        case notFound
        /// A system call failed: its name (`pipe`, `posix_spawnp`) and `errno`.
        case system(call: String, code: Int32)

        package var description: String {
            switch self {
            case .notFound: String(cString: strerror(ENOENT))
            case .system(_, let code): String(cString: strerror(code))
            }
        }
    }

    /// How a process that was waited for ended.
    package struct Outcome: Sendable, Equatable {
        /// Its exit status, or 128 + the signal that ended it.
        package let status: Int32
        /// The first `errorLimit` bytes it wrote on standard error.
        package let standardError: [UInt8]
    }

    /// Runs `arguments` and waits for it to end, keeping up to `errorLimit`
    /// bytes of its standard error (the rest is read and dropped, so it
    /// never blocks on a full pipe).
    package static func run(_ arguments: [String], errorLimit: Int) throws(Failure) -> Outcome {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .system(call: "pipe", code: errno) }
        let pid: pid_t
        do {
            pid = try start(arguments, standardError: ends[1], closing: ends[0])
        } catch {
            _ = systemClose(ends[0])
            _ = systemClose(ends[1])
            throw error
        }
        _ = systemClose(ends[1])
        defer { _ = systemClose(ends[0]) }
        var kept: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                retryingOnInterrupt { systemRead(ends[0], raw.baseAddress, raw.count) }
            }
            guard count > 0 else { break }
            if kept.count < errorLimit { kept += buffer[..<min(count, errorLimit - kept.count)] }
        }
        return Outcome(status: wait(for: pid), standardError: kept)
    }

    /// Starts `arguments` with standard error on `/dev/null` too, and does
    /// not wait: it is reaped on a thread of its own when it ends, so it
    /// may outlive the caller's work.
    package static func detached(_ arguments: [String]) throws(Failure) {
        let pid = try start(arguments, standardError: nil, closing: nil)
        DispatchQueue.global(qos: .utility).async { _ = wait(for: pid) }
    }

    private static func start(_ arguments: [String], standardError: Int32?, closing: Int32?) throws(Failure)
        -> pid_t
    {
        guard let program = arguments.first else { throw .notFound }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        if let standardError {
            posix_spawn_file_actions_adddup2(&actions, standardError, STDERR_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        if let closing { posix_spawn_file_actions_addclose(&actions, closing) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let code = withDefaultSignals { posix_spawnp(&pid, program, &actions, &$0, argv, environ) }
        guard code == 0 else { throw code == ENOENT ? .notFound : .system(call: "posix_spawnp", code: code) }
        return pid
    }

    /// Calls `body` with spawn attributes that give the child the default
    /// handling of every signal and none blocked, whatever this process set
    /// up for itself: an ignored signal stays ignored across exec (the tool
    /// ignores SIGPIPE, and git would then never die of a closed pipe), and
    /// so does a blocked one.
    package static func withDefaultSignals<Result>(_ body: (inout posix_spawnattr_t) -> Result) -> Result {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return body(&attributes)
    }

    /// Waits for `pid`; its exit status, or 128 + the signal that ended it.
    private static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
