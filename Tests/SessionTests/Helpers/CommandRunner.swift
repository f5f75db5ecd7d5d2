import Foundation
import SessionCore
import SessionTestSupport

/// What a finished command printed and how it exited.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
    var output: String { stdout + stderr }
}

/// Runs a built executable as a subprocess in a temporary HOME, the way a user would.
struct CommandRunner {
    let home: TemporaryDirectory
    var executable = Executables.sessionCLI
    var environment: [String: String]

    init(home: TemporaryDirectory = TemporaryDirectory()) {
        self.home = home
        environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
    }

    /// The session file the tool uses by default in this HOME.
    var defaultStore: URL { home.file(".local/state/session-cli/session.json") }

    @discardableResult
    func run(
        _ arguments: [String], stdin: Data? = nil, extraEnvironment: [String: String] = [:],
        stdout: ChildProcess.Stream? = nil
    ) async throws -> CommandResult {
        let process = try start(arguments, stdin: stdin, extraEnvironment: extraEnvironment, stdout: stdout)
        return await process.finish()
    }

    /// Starts `count` copies of the command together, then waits for each:
    /// their results, in the order they were started.
    func runTogether(_ count: Int, _ arguments: [String]) async throws -> [CommandResult] {
        let running = try (0..<count).map { _ in try start(arguments) }
        var results: [CommandResult] = []
        for command in running { results.append(await command.finish()) }
        return results
    }

    /// Runs the command with its output thrown away, and measures its peak
    /// memory (its maximum resident set, exec'd companion included).
    func runMeasuringMemory(_ arguments: [String], extraEnvironment: [String: String] = [:]) async throws
        -> (status: Int32, stderr: String, peakMiB: Double)
    {
        let measured = try await runMeasured(arguments, extraEnvironment: extraEnvironment)
        return (measured.status, measured.stderr, Double(measured.usage["peak"] as? Int ?? 0) / 1024)
    }

    /// Runs the command with its output thrown away, and measures the CPU
    /// time it (and the companion it execs) used against the wall time it
    /// took.
    func runMeasuringCPU(_ arguments: [String], extraEnvironment: [String: String] = [:]) async throws
        -> (status: Int32, stderr: String, cpuSeconds: Double, wallSeconds: Double)
    {
        let measured = try await runMeasured(arguments, extraEnvironment: extraEnvironment)
        return (
            measured.status, measured.stderr, measured.usage["cpu"] as? Double ?? .infinity,
            measured.usage["wall"] as? Double ?? 0
        )
    }

    /// Runs the command under a Python parent that reads the kernel's
    /// accounting of the finished child (`getrusage(RUSAGE_CHILDREN)`): its
    /// peak memory (KiB), CPU and wall seconds.
    private func runMeasured(_ arguments: [String], extraEnvironment: [String: String]) async throws
        -> (status: Int32, stderr: String, usage: [String: Any])
    {
        let script = """
            import json, resource, subprocess, sys, time
            start = time.monotonic()
            child = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE)
            wall = time.monotonic() - start
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(json.dumps({"status": child.returncode, "stderr": child.stderr.decode(),
                              "peak": usage.ru_maxrss, "cpu": usage.ru_utime + usage.ru_stime, "wall": wall}))
            """
        let output = try await OAuthTestProvider.python(
            ["-c", script, executable.path] + arguments,
            environment: environment.merging(extraEnvironment) { $1 })
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
        return (Int32(object["status"] as? Int ?? -1), object["stderr"] as? String ?? "", object)
    }

    /// Starts the command without waiting for it. `stdout` replaces the
    /// captured standard output (`/dev/full`, a closed pipe).
    func start(
        _ arguments: [String], stdin: Data? = nil, extraEnvironment: [String: String] = [:],
        stdout: ChildProcess.Stream? = nil
    ) throws -> RunningCommand {
        let scratch = TemporaryDirectory()
        var input = ChildProcess.Stream.null
        if let stdin {
            try stdin.write(to: scratch.file("stdin"))
            input = .file(scratch.file("stdin").path)
        }
        let process = try ChildProcess(
            [executable.path] + arguments, environment: environment.merging(extraEnvironment) { $1 },
            stdin: input, stdout: stdout ?? .file(scratch.file("stdout").path), stderr: .pipe)
        guard let errors = process.errors else { throw ChildProcessError(description: "no stderr pipe") }
        return RunningCommand(
            process: process, arguments: arguments, scratch: scratch, errors: StreamCollector(errors))
    }
}

extension CommandRunner {
    /// A real session from `login --device` (with `arguments` added),
    /// approved by the person; the new default session, as `store` (the
    /// default store with its secrets in the file, unless given) reads it.
    func signIn(
        _ provider: OAuthTestProvider, arguments: [String] = [], store: FileLoginStateStore? = nil
    ) async throws -> Credential {
        let running = try start(
            [
                "login", "--device", "--issuer", provider.issuer.absoluteString, "--client-id", "cli-device",
                "--scope", "openid", "--scope", "profile", "--device-endpoint",
                provider.issuer.absoluteString + "/o/device-authorization/",
            ] + arguments)
        guard let code = await running.waitForStderrLine(startingWith: "Code: ") else {
            throw ChildProcessError(description: "login --device showed no code: \(running.errors.text)")
        }
        try await provider.approveDevice(userCode: code)
        let result = await running.finish()
        guard result.status == 0,
            let credential = try (store ?? FileLoginStateStore(fileURL: defaultStore)).load().credential
        else { throw ChildProcessError(description: "login --device failed: \(result.stderr)") }
        return credential
    }
}

extension String {
    var data: Data { Data(utf8) }
}
