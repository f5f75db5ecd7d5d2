package import Foundation

/// The Python server in `Scripts/test_server.py`, for the
/// tests and the benchmark: two origins on loopback, and a port nobody
/// listens on. The one who starts it stops it; it also exits by itself when
/// its standard input closes, so it never outlives a crashed test.
package final class LoopbackServer: StoppablePeer {
    package let portA: Int
    package let portB: Int
    package let closedPort: Int
    private let process: ChildProcess

    package var originA: URL { Self.origin(portA) }
    package var originB: URL { Self.origin(portB) }
    package var closedOrigin: URL { Self.origin(closedPort) }

    package struct StartFailed: Error {}

    /// Starts the server and returns once it listens.
    package static func start() async throws -> LoopbackServer {
        let script = TestScripts.url("test_server.py")
        let started = try await PythonServer.start(script)
        guard let words = started.words, words.count == 3, let a = Int(words[0]), let b = Int(words[1]),
            let closed = Int(words[2])
        else {
            started.process.send(SIGTERM)
            await started.process.exitStatus()
            throw StartFailed()
        }
        return LoopbackServer(process: started.process, ports: (a, b, closed))
    }

    private init(process: ChildProcess, ports: (Int, Int, Int)) {
        self.process = process
        (portA, portB, closedPort) = ports
    }

    /// Stops the server and waits for it to exit.
    package func stop() async {
        process.closeInput()
        await process.exitStatus()
    }

    deinit {
        // Only a test that forgot stop() gets here; the server exits with its stdin anyway.
        process.send(SIGTERM)
    }

    private static func origin(_ port: Int) -> URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }
}
