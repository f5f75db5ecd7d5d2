import Foundation

/// Starts a Python server script that prints one `READY …` line when it
/// listens and exits when its standard input closes: the protocol of both
/// test servers.
enum PythonServer {
    /// Starts `script` and returns the process, the pipe that keeps it
    /// alive, and the words of its READY line after `READY` (`nil` when it
    /// said something else; the process is then stopped).
    static func start(_ script: URL, environment: [String: String]? = nil) async throws -> (
        process: Process, input: Pipe, words: [Substring]?
    ) {
        try await offThePool { try startBlocking(script, environment: environment) }
    }

    private static func startBlocking(_ script: URL, environment: [String: String]?) throws -> (
        process: Process, input: Pipe, words: [Substring]?
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        if let environment { process.environment = environment }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.runOneAtATime()
        // The first line says the server is listening: wait on it, not on a clock.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
            byte != Data("\n".utf8)
        {
            line += byte
        }
        let words = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard words.first == "READY" else {
            process.terminate()
            process.waitForExit()
            return (process, input, nil)
        }
        return (process, input, Array(words.dropFirst()))
    }
}
