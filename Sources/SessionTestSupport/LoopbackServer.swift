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

    private let scheme: String
    private let host: String

    package var originA: URL { origin(portA) }
    package var originB: URL { origin(portB) }
    package var closedOrigin: URL { origin(closedPort) }

    package struct StartFailed: Error {}

    /// How the server listens.
    package struct Options: Sendable {
        /// The address both ports are bound to: `127.0.0.1`, `::1`, or (in a
        /// network namespace of its own) another.
        package var bind = "127.0.0.1"
        /// TLS with this certificate and key (PEM files), instead of plain HTTP.
        package var tls: (certificate: String, key: String)?
        /// With ``tls``: a client certificate signed by this CA is required.
        package var clientCA: String?

        package init(
            bind: String = "127.0.0.1", tls: (certificate: String, key: String)? = nil,
            clientCA: String? = nil
        ) {
            self.bind = bind
            self.tls = tls
            self.clientCA = clientCA
        }

        var arguments: [String] {
            var arguments = ["--bind", bind]
            if let tls { arguments += ["--tls", tls.certificate, tls.key] }
            if let clientCA { arguments += ["--client-ca", clientCA] }
            return arguments
        }
    }

    /// Starts the server and returns once it listens.
    package static func start(_ options: Options = Options()) async throws -> LoopbackServer {
        let script = TestScripts.url("test_server.py")
        let started = try await PythonServer.start(script, arguments: options.arguments)
        guard let words = started.words, words.count == 3, let a = Int(words[0]), let b = Int(words[1]),
            let closed = Int(words[2])
        else {
            started.process.send(SIGTERM)
            await started.process.exitStatus()
            throw StartFailed()
        }
        return LoopbackServer(
            process: started.process, ports: (a, b, closed), scheme: options.tls == nil ? "http" : "https",
            host: options.bind.contains(":") ? "[\(options.bind)]" : options.bind)
    }

    private init(process: ChildProcess, ports: (Int, Int, Int), scheme: String, host: String) {
        self.process = process
        self.scheme = scheme
        self.host = host
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

    private func origin(_ port: Int) -> URL {
        URL(string: "\(scheme)://\(host):\(port)") ?? URL(fileURLWithPath: "/")
    }
}
