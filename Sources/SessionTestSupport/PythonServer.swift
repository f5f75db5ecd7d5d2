import Foundation

/// Starts a Python server script that prints one `READY …` line when it
/// listens and exits when its standard input closes: the protocol of every
/// test server.
enum PythonServer {
    /// Starts `script` and returns the child and the words of its READY line
    /// after `READY` (`nil` when it said something else; the child is then stopped).
    static func start(_ script: URL, arguments: [String] = [], environment: [String: String]? = nil)
        async throws -> (process: ChildProcess, words: [Substring]?)
    {
        let process = try ChildProcess(
            ["/usr/bin/env", "python3", script.path] + arguments, environment: environment, stdin: .pipe,
            stdout: .pipe)
        // The first line says the server is listening: wait on it, not on a clock.
        let line = try await offThePool { try process.output?.readLine() } ?? ""
        let words = line.split(separator: " ")
        guard words.first == "READY" else {
            process.closeInput()
            process.send(SIGTERM)
            await process.exitStatus()
            return (process, nil)
        }
        return (process, Array(words.dropFirst()))
    }
}
