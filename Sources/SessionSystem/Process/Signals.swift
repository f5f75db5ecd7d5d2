#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Every signal disposition the tool sets, in one place; the library sets none.
///
/// - At start: SIGPIPE is ignored, so a closed pipe is a write error the
///   tool reports (exit 74), like a full disk, not a silent death; SIGINT,
///   SIGTERM and SIGHUP are unblocked, since a parent may start the tool
///   with them blocked (the mask survives exec) and then Ctrl-C would not
///   end a login that waits for the browser.
/// - `status --watch` ends at SIGINT or SIGTERM with the status its caller
///   gives (0: its normal end).
/// - At a prompt (``whilePrompting(restoring:status:_:)``), SIGINT, SIGTERM and SIGHUP put the terminal's
///   settings back, end the prompt's line (so the shell's prompt starts on a
///   line of its own) and end the tool with the status its caller gives
///   for the signal (the tool's `ExitCode`: 128 + the signal's number).
/// - While the keyring waits to be unlocked, SIGINT writes to a pipe the
///   wait polls (``interrupts``): the prompt is dismissed (gnome-keyring's is
///   left open: asked to take it down, that daemon aborts), and the command
///   ends with the keyring's "cancelled".
package enum Signals {
    /// A signal that ends a prompt.
    package enum Ending: Sendable {
        case hangup, interrupt, terminate
    }

    private static let endings = [SIGINT, SIGTERM, SIGHUP]

    /// What every run of the tool starts with.
    package static func prepareProcess() {
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for number in endings { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Ends the process with `status` at SIGINT or SIGTERM. The output is
    /// written as it is printed, so nothing is left unwritten. On a terminal
    /// the line the terminal echoed `^C` on is ended first (on standard
    /// error, so no line is added to what a script reads).
    package static func exitOnInterrupt(status: Int32) {
        HandlerState.endsLine = isatty(STDERR_FILENO) == 1
        HandlerState.interruptStatus = status
        for number in [SIGINT, SIGTERM] {
            install(number) { _ in
                if HandlerState.endsLine {
                    var lineFeed: UInt8 = 0x0A
                    _ = write(STDERR_FILENO, &lineFeed, 1)
                }
                _exit(HandlerState.interruptStatus)
            }
        }
    }

    /// Runs `body`, a prompt on the terminal, with handlers that end it
    /// cleanly: `settings` (the terminal's before the prompt changed them)
    /// put back, a line feed on standard error, exit with what `status`
    /// gives for the signal.
    package static func whilePrompting<Result, Failure: Error>(
        restoring settings: Terminal.Settings?, status: (Ending) -> Int32,
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        HandlerState.promptStatuses = (status(.hangup), status(.interrupt), status(.terminate))
        HandlerState.saved = settings?.values ?? termios()
        HandlerState.restores = settings != nil
        // Unblocked on the reading thread, so they reach it.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in endings { sigaddset(&unblock, number) }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
        var previous: [(Int32, sigaction)] = []
        for number in endings {
            previous.append((number, install(number) { HandlerState.endPrompt($0) }))
        }
        defer {
            if settings != nil {
                // TCSANOW: the line was read; nothing typed after it should be thrown away.
                tcsetattr(STDIN_FILENO, TCSANOW, &HandlerState.saved)
            }
            for (number, old) in previous {
                var old = old
                sigaction(number, &old, nil)
            }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        return try body()
    }

    /// Ctrl-C as the library's interrupt source: the keyring's unlock wait
    /// ends at it.
    package static let interrupts: any InterruptSource = InterruptPipe()

    @discardableResult
    private static func install(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #else
            action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        var old = sigaction()
        sigaction(number, &action, &old)
        return old
    }
}

/// What the signal handlers need. Written before the handlers are
/// installed and read by them; a handler touches nothing but plain memory
/// and async-signal-safe calls.
private enum HandlerState {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var restores = false
    nonisolated(unsafe) static var endsLine = false
    nonisolated(unsafe) static var interruptStatus: Int32 = 0
    /// The status each ending signal ends a prompt with: plain values, which a handler may read.
    nonisolated(unsafe) static var promptStatuses: (hangup: Int32, interrupt: Int32, terminate: Int32) = (
        128 + SIGHUP, 128 + SIGINT, 128 + SIGTERM
    )

    static func endPrompt(_ number: Int32) {
        if restores { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        var lineFeed: UInt8 = 0x0A
        _ = write(STDERR_FILENO, &lineFeed, 1)
        switch number {
        case SIGHUP: _exit(promptStatuses.hangup)
        case SIGINT: _exit(promptStatuses.interrupt)
        default: _exit(promptStatuses.terminate)
        }
    }
}

/// SIGINT as a readable pipe while a wait runs: the handler writes a byte,
/// the wait polls the pipe beside what it waits for.
private struct InterruptPipe: InterruptSource {
    func begin() -> Int32? {
        if PipeState.ends.read < 0 {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { return nil }
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
            PipeState.ends = (fds[0], fds[1])
        }
        // Drain what an earlier wait left.
        var byte: UInt8 = 0
        while read(PipeState.ends.read, &byte, 1) == 1 {}
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { _ in PipeState.signalled() }
        #else
            action.__sigaction_handler.sa_handler = { _ in PipeState.signalled() }
        #endif
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, &PipeState.previous)
        return PipeState.ends.read
    }

    func end() {
        sigaction(SIGINT, &PipeState.previous, nil)
    }
}

/// The pipe's ends, made once and kept for the process (close-on-exec,
/// non-blocking), and SIGINT's disposition before. One wait at a time: the
/// keyring's calls are made under its lock.
private enum PipeState {
    nonisolated(unsafe) static var ends: (read: Int32, write: Int32) = (-1, -1)
    nonisolated(unsafe) static var previous = sigaction()

    /// In the signal handler: only write(2), which is async-signal-safe.
    static func signalled() {
        var byte: UInt8 = 1
        _ = write(ends.write, &byte, 1)
    }
}
