package import Foundation

/// The Python server in `Tests/SessionTests/Scripts/test_server.py`, for the
/// tests and the benchmark: two origins on loopback, and a port nobody
/// listens on. The one who starts it stops it; it also exits by itself when
/// its standard input closes, so it never outlives a crashed test.
package final class LoopbackServer: Sendable {
    package let portA: Int
    package let portB: Int
    package let closedPort: Int
    private let process: Process
    private let input: Pipe

    package var originA: URL { Self.origin(portA) }
    package var originB: URL { Self.origin(portB) }
    package var closedOrigin: URL { Self.origin(closedPort) }

    package struct StartFailed: Error {}

    /// Starts the server and returns once it listens.
    package init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/SessionTests/Scripts/test_server.py")
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
            let closed = Int(words[3])
        else {
            process.terminate()
            process.waitUntilExit()
            throw StartFailed()
        }
        (portA, portB, closedPort) = (a, b, closed)
    }

    /// Stops the server and waits for it to exit.
    package func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    private static func origin(_ port: Int) -> URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }
}
