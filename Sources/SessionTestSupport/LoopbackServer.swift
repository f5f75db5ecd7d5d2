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
        let started = try PythonServer.start(script)
        (process, input) = (started.process, started.input)
        guard let words = started.words, words.count == 3, let a = Int(words[0]), let b = Int(words[1]),
            let closed = Int(words[2])
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
