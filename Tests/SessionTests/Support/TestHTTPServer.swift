import Foundation

/// The Python server in `Server/test_server.py`, started by a test and stopped
/// by it: two origins on loopback, and a port nobody listens on.
final class TestHTTPServer: Sendable {
    let portA: Int
    let portB: Int
    let closedPort: Int
    private let process: Process
    private let input: Pipe

    var originA: URL { URL(string: "http://127.0.0.1:\(portA)")! }
    var originB: URL { URL(string: "http://127.0.0.1:\(portB)")! }
    var closedOrigin: URL { URL(string: "http://127.0.0.1:\(closedPort)")! }

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Server/test_server.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The first line says the server is listening: wait on it, not on a clock.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
            byte != Data("\n".utf8)
        {
            line += byte
        }
        let words = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard words.count == 4, words[0] == "READY", let a = Int(words[1]), let b = Int(words[2]),
            let c = Int(words[3])
        else {
            process.terminate()
            throw ServerFailed()
        }
        (portA, portB, closedPort) = (a, b, c)
    }

    /// Stops the server and waits for it to exit.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    struct ServerFailed: Error {}
}
