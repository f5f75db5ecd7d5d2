package import Foundation

/// The git server in `Scripts/git_server/git_server.py`: `git http-backend`
/// on 127.0.0.1 behind a check of the bearer (or Basic) token, with one
/// repository, `repo.git`. Stopped by whoever starts it, and by itself when
/// its standard input closes.
package final class GitTestServer: StoppablePeer {
    package let port: Int
    /// Where the bare repositories are.
    package let root: URL
    private let process: ChildProcess

    /// `http://127.0.0.1:<port>`.
    package var origin: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }
    /// The repository's URL.
    package var repository: URL { origin.appendingPathComponent("repo.git") }

    /// Starts the server, accepting `tokens`.
    package static func start(tokens: [String]) async throws -> GitTestServer {
        let started = try await PythonServer.start(
            TestScripts.url("git_server/git_server.py"),
            environment: ProcessInfo.processInfo.environment.merging([
                "GIT_SERVER_TOKENS": tokens.joined(separator: " ")
            ]) { $1 })
        guard let words = started.words, words.count == 2, let port = Int(words[0]) else {
            throw LoopbackServer.StartFailed()
        }
        return GitTestServer(
            process: started.process, port: port, root: URL(fileURLWithPath: String(words[1])))
    }

    private init(process: ChildProcess, port: Int, root: URL) {
        self.process = process
        self.port = port
        self.root = root
    }

    /// How many requests the server let in, and how many it refused.
    package func requests() async throws -> (authorized: Int, unauthorized: Int) {
        let text = try await OAuthTestProvider.python([
            "-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
            origin.appendingPathComponent("test/requests").absoluteString,
        ])
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
        return (object["authorized"] as? Int ?? -1, object["unauthorized"] as? Int ?? -1)
    }

    package func stop() async {
        process.closeInput()
        await process.exitStatus()
    }

    deinit { process.send(SIGTERM) }
}

/// The Kubernetes API server in `Scripts/kube/kube_server.py`: enough of
/// the API over HTTPS on 127.0.0.1 (its own throw-away CA) for `kubectl get
/// pods`, answering only bearer tokens it accepts.
package final class KubeTestServer: StoppablePeer {
    package let port: Int
    /// The CA certificate (PEM) the server's certificate is signed by.
    package let certificateAuthority: URL
    private let process: ChildProcess

    package var origin: URL { URL(string: "https://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// Starts the server, accepting `tokens`.
    package static func start(tokens: [String]) async throws -> KubeTestServer {
        let started = try await PythonServer.start(
            TestScripts.url("kube/kube_server.py"),
            environment: ProcessInfo.processInfo.environment.merging([
                "KUBE_SERVER_TOKENS": tokens.joined(separator: " ")
            ]) { $1 })
        guard let words = started.words, words.count == 2, let port = Int(words[0]) else {
            throw LoopbackServer.StartFailed()
        }
        return KubeTestServer(
            process: started.process, port: port, certificateAuthority: URL(fileURLWithPath: String(words[1]))
        )
    }

    private init(process: ChildProcess, port: Int, certificateAuthority: URL) {
        self.process = process
        self.port = port
        self.certificateAuthority = certificateAuthority
    }

    /// The API requests so far: how many carried an accepted token, how many did not.
    package func requests() async throws -> (authorized: Int, unauthorized: Int) {
        let text = try await OAuthTestProvider.python([
            "-c",
            """
            import ssl, sys, urllib.request
            context = ssl.create_default_context(cafile=sys.argv[2])
            print(urllib.request.urlopen(sys.argv[1], context=context).read().decode())
            """,
            origin.appendingPathComponent("test/requests").absoluteString, certificateAuthority.path,
        ])
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
        return (object["authorized"] as? Int ?? -1, object["unauthorized"] as? Int ?? -1)
    }

    package func stop() async {
        process.closeInput()
        await process.exitStatus()
    }

    deinit { process.send(SIGTERM) }
}

/// Runs `body` with a git server accepting `tokens`, and stops it whatever `body` does.
package func withGitServer<Result>(tokens: [String], _ body: (GitTestServer) async throws -> Result)
    async throws -> Result
{
    try await withPeer(try await GitTestServer.start(tokens: tokens), body)
}

/// Runs `body` with a Kubernetes API server accepting `tokens`, and stops it whatever `body` does.
package func withKubeServer<Result>(tokens: [String], _ body: (KubeTestServer) async throws -> Result)
    async throws -> Result
{
    try await withPeer(try await KubeTestServer.start(tokens: tokens), body)
}
