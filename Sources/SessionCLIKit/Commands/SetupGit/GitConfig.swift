import SessionCore
import SessionSupport

/// `git config --global …`, with git found on `PATH` as a shell finds it,
/// run with this process's environment (so `HOME` and `GIT_CONFIG_GLOBAL`
/// say which file), and its standard error kept for a failure's message.
enum GitConfig {
    /// How one `git config` ended.
    struct Outcome {
        let status: Int32
        /// The first line git wrote on standard error, escaped for the terminal.
        let error: String
    }

    /// Runs `git config --global` with `arguments`.
    ///
    /// - Throws: Exit 69 when git cannot be run.
    static func run(_ arguments: [String]) throws(CLIError) -> Outcome {
        let argv = (["git", "config", "--global"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            throw CLIError(.gitCannotRun, ["reason": String(cString: strerror(errno))], code: .unavailable)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, environ)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else {
            throw spawned == ENOENT
                ? CLIError(.gitNotInstalled, code: .unavailable)
                : CLIError(.gitCannotRun, ["reason": String(cString: strerror(spawned))], code: .unavailable)
        }
        // Its standard error, bounded: the message of a failure.
        var errors: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            if errors.count < SessionLimits.gitErrorOutput { errors += buffer[..<count] }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let firstLine =
            String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return Outcome(status: exit, error: TerminalText.escaped(firstLine))
    }
}
