package import Foundation
import SessionSupport
import SessionSystem

/// A child process started with `posix_spawn`, for the tests and the
/// benchmark: the tool under test, the Python peers, `readelf`.
///
/// Not Foundation's `Process`: on Linux its `run()` reads `/proc/self/fd`
/// with a 256-byte copy of each directory entry and crashes when one sits
/// at the end of a mapped page (swift-corelibs-foundation#5472), which took
/// down the whole test run about once in five; and its `waitUntilExit()`
/// spins a core. Here the child is reaped by a blocking `waitpid` on a
/// thread of its own, so waiting costs nothing and ends the moment the
/// child does.
///
/// ```swift
/// let child = try ChildProcess(["/usr/bin/env", "python3", "-c", "print(1)"], stdout: .pipe)
/// let text = try child.readStandardOutput()
/// let status = await child.exitStatus()
/// ```
package final class ChildProcess: Sendable {
    /// Where a standard stream of the child goes.
    package enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file, opened for reading (stdin) or created and truncated (stdout, stderr).
        case file(String)
        /// A pipe whose other end the test holds (``input``, ``output``, ``errors``).
        case pipe
        /// The test process's own descriptor (its standard error, say).
        case inherit(Int32)
    }

    /// The child's process ID.
    package let pid: pid_t
    /// The write end of the child's standard input, with `stdin: .pipe`.
    package let input: FileDescriptor?
    /// The read end of the child's standard output, with `stdout: .pipe`.
    package let output: FileDescriptor?
    /// The read end of the child's standard error, with `stderr: .pipe`.
    package let errors: FileDescriptor?
    private let ended = Locked<Ending>(Ending())

    private struct Ending {
        var status: Int32?
        var tasks: [CheckedContinuation<Int32, Never>] = []
        var threads: [DispatchSemaphore] = []
    }

    /// Starts `arguments[0]` (an absolute path) with `arguments`.
    ///
    /// - Parameter environment: The child's whole environment; `nil` for this process's.
    package init(
        _ arguments: [String], environment: [String: String]? = nil, stdin: Stream = .null,
        stdout: Stream = .null, stderr: Stream = .inherit(STDERR_FILENO)
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var kept: [FileDescriptor] = []
        var given: [FileDescriptor] = []
        defer { for end in given { end.close() } }
        func attach(_ stream: Stream, to target: Int32, writing: Bool) throws -> FileDescriptor? {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(
                    &actions, target, "/dev/null", writing ? O_WRONLY : O_RDONLY, 0)
                return nil
            case .file(let path):
                let flags = writing ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY
                posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
                return nil
            case .inherit(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, target)
                return nil
            case .pipe:
                let (read, write) = try FileDescriptor.pipe()
                let (theirs, ours) = writing ? (write, read) : (read, write)
                posix_spawn_file_actions_adddup2(&actions, theirs.raw, target)
                given.append(theirs)
                kept.append(ours)
                return ours
            }
        }
        input = try attach(stdin, to: STDIN_FILENO, writing: false)
        output = try attach(stdout, to: STDOUT_FILENO, writing: true)
        errors = try attach(stderr, to: STDERR_FILENO, writing: true)
        // Nothing else of the test process leaks into the child (a listener, a lock,
        // another child's pipe), where the C library can say so.
        if let closeFrom = dlsym(
            UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        {
            typealias CloseFrom =
                @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        }

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var spawned: pid_t = 0
        // Default signal handling and no blocked signals, whatever the test process has.
        let code = Spawn.withDefaultSignals { posix_spawn(&spawned, arguments[0], &actions, &$0, argv, envp) }
        guard code == 0 else {
            for end in kept { end.close() }
            throw ChildProcessError(
                description: "cannot start \(arguments[0]): \(String(cString: strerror(code)))")
        }
        let pid = spawned
        self.pid = pid
        let ended = ended
        Thread {
            // Waited for without reaping first, then reaped under the lock that
            // `send` takes: the pid is never signalled after it is freed, when
            // it could already be another process's (pid_max is 32768 here).
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            let (tasks, threads, code) = ended.withLock { state in
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                state.status = code
                defer { (state.tasks, state.threads) = ([], []) }
                return (state.tasks, state.threads, code)
            }
            for task in tasks { task.resume(returning: code) }
            for thread in threads { thread.signal() }
        }.start()
    }

    deinit {
        input?.close()
        output?.close()
        errors?.close()
    }

    /// Whether the child has not been reaped yet.
    package var isRunning: Bool { ended.withLock { $0.status == nil } }

    /// Sends `signal` to the child (nothing once it has been reaped).
    package func send(_ signal: Int32) {
        ended.withLock { if $0.status == nil { kill(pid, signal) } }
    }

    /// Waits for the child to end, suspending the task (no thread is held).
    ///
    /// - Returns: Its exit status, or 128 plus the signal that ended it.
    @discardableResult
    package func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            let status = ended.withLock { state -> Int32? in
                if state.status == nil { state.tasks.append(continuation) }
                return state.status
            }
            if let status { continuation.resume(returning: status) }
        }
    }

    /// Its exit status once it has exited, or `nil` if it has not within
    /// `limit`: a watchdog's wait, which gives up without ending the child.
    package func exitStatus(within limit: Duration) async -> Int32? {
        let waiter = Locked<CheckedContinuation<Int32?, Never>?>(nil)
        let answer: @Sendable (Int32?) -> Void = { status in
            waiter.withLock { waiting in
                defer { waiting = nil }
                return waiting
            }?.resume(returning: status)
        }
        return await withCheckedContinuation { continuation in
            waiter.withLock { $0 = continuation }
            let timer = Task {
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                answer(nil)
            }
            Task {
                let status = await exitStatus()
                timer.cancel()
                answer(status)
            }
        }
    }

    /// The same, blocking the calling thread: for threads of their own
    /// (never a task's: ``PoolCheck``).
    @discardableResult
    package func waitForExit() -> Int32 {
        PoolCheck.refuseInTask("ChildProcess.waitForExit()")
        return waitForExit(until: .distantFuture) ?? -1
    }

    /// Its exit status, or `nil` if it has not exited within `limit`,
    /// blocking the calling thread: a watchdog's wait on a thread of its own.
    package func waitForExit(within limit: Duration) -> Int32? {
        PoolCheck.refuseInTask("ChildProcess.waitForExit(within:)")
        return waitForExit(until: .now() + .milliseconds(Int(limit / .milliseconds(1))))
    }

    private func waitForExit(until deadline: DispatchTime) -> Int32? {
        let done = DispatchSemaphore(value: 0)
        if let status = ended.withLock({ state -> Int32? in
            if state.status == nil { state.threads.append(done) }
            return state.status
        }) {
            return status
        }
        guard done.wait(timeout: deadline) == .success else { return nil }
        return ended.withLock { $0.status }
    }

    /// Closes the child's standard input (its end of file).
    package func closeInput() { input?.close() }

    /// Everything the child writes to standard output, to its end (the
    /// child closing it, or exiting).
    package func readStandardOutput() throws -> Data {
        PoolCheck.refuseInTask("ChildProcess.readStandardOutput()")
        return try output?.readToEnd() ?? Data()
    }
}

/// A child process could not be started.
package struct ChildProcessError: Error, CustomStringConvertible {
    package let description: String

    /// An error that says what failed.
    package init(description: String) {
        self.description = description
    }
}
