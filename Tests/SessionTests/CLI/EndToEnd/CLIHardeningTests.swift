import Foundation
import SessionCore
import SessionTestSupport
import Testing

/// What a user hits at the edges: output that cannot be written, a missing
/// companion, a busy store, a query with its own escapes.
@Suite struct CLIHardeningTests {
    let cli = CommandRunner()

    func login(server: URL? = nil) async throws {
        let options = server.map { ["--server", $0.absoluteString] } ?? []
        #expect(
            try await cli.run(["login", "--with-token"] + options, stdin: Sample.secret.data).status == 0)
    }

    @Test func outputThatCannotBeWrittenExits74() async throws {
        try await login()
        let result = try await cli.run(["status", "--json"], stdout: .file("/dev/full"))
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "session-cli: cannot write to standard output: No space left on device; the output is incomplete\n"
        )

        let closed = try FileDescriptor.pipe()
        closed.read.close()
        let broken = try await cli.run(["status"], stdout: .inherit(closed.write.raw))
        #expect(broken.status == 74)
        #expect(broken.stderr.contains("Broken pipe"))
    }

    /// A store on a read-only file system (its folder bind-mounted read-only
    /// in a mount namespace of the command's own, so it holds for root too):
    /// a login and a logout each fail in one line that says where else to
    /// keep the sessions, and the session and its file stay as they were.
    @Test(
        .enabled("unshare cannot make a read-only mount here") { await CLIHardeningTests.canMountReadOnly() })
    func aReadOnlyStoreFolderKeepsTheSessionAndSaysWhereElse() async throws {
        try await login()
        let folder = cli.defaultStore.deletingLastPathComponent().path
        let before = try Data(contentsOf: cli.defaultStore)
        let wrapper = cli.home.file("read-only-session-cli")
        try writeExecutable(
            Data(
                """
                #!/bin/sh
                exec unshare -rm sh -c 'mount --bind -o ro "$0" "$0" && exec "$@"' '\(folder)' '\(cli.executable.path)' "$@"

                """.utf8), to: wrapper)
        var readOnly = cli
        readOnly.executable = wrapper
        let refusals = [
            try await readOnly.run(
                ["login", "--with-token", "--account", "bob"], stdin: Sample.otherSecret.data),
            try await readOnly.run(["logout"]),
            try await readOnly.run(["--lang", "ja", "logout"]),
        ]
        for result in refusals {
            #expect(result.status == 74, "\(result.stderr)")
            #expect(result.stderr.contains("Read-only file system"), "\(result.stderr)")
            #expect(result.stderr.contains("SESSION_CLI_STORE"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(try Data(contentsOf: cli.defaultStore) == before)
        #expect(try await cli.run(["status"]).status == 0)
    }

    /// Whether this machine lets a command run in a mount namespace of its own.
    static func canMountReadOnly() async -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            let probe = try? ChildProcess(
                ["/usr/bin/unshare", "-rm", "sh", "-c", "mount --bind -o ro /tmp /tmp"], stderr: .null)
        else { return false }
        return await probe.exitStatus() == 0
    }

    @Test(.tags(.python)) func anAPIBodyThatCannotBeWrittenExits74() async throws {
        try await withLoopbackServer { server in
            try await login(server: server.originA)
            let result = try await cli.run(["api", "/plain"], stdout: .file("/dev/full"))
            #expect(result.status == 74)
            #expect(result.stderr.contains("cannot write to standard output"))
        }
    }

    /// Only the companion beside session-cli is run: one planted on PATH is
    /// never handed the command line (and so never the token).
    @Test func aMissingCompanionExits70AndPATHIsNotSearched() async throws {
        let folder = TemporaryDirectory()
        let lonely = folder.file("bin/session-cli")
        try FileManager.default.createDirectory(
            at: lonely.deletingLastPathComponent(), withIntermediateDirectories: true)
        try writeExecutable(try Data(contentsOf: Executables.sessionCLI), to: lonely)
        let planted = folder.file("path/session-cli-api")
        let marker = folder.file("planted-ran")
        try FileManager.default.createDirectory(
            at: planted.deletingLastPathComponent(), withIntermediateDirectories: true)
        try writeExecutable(Data("#!/bin/sh\ntouch '\(marker.path)'\n".utf8), to: planted)
        try await login(server: URL(string: "https://api.example.com"))

        var runner = cli
        runner.executable = lonely
        let result = try await runner.run(
            ["api", "/user"],
            extraEnvironment: ["PATH": planted.deletingLastPathComponent().path + ":/usr/bin:/bin"])
        #expect(result.status == 70)
        #expect(
            result.stderr.contains(
                "session-cli-api is missing from \(lonely.deletingLastPathComponent().path)"))
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the session-cli-api on PATH was run")
    }

    @Test func aStoreHeldByAStoppedWriterExits75() async throws {
        try await login()
        let lock = cli.defaultStore.path + ".lock"
        let holder = try await StoppedLockHolder.start(lockPath: lock)
        let result = try await cli.run(["logout"], extraEnvironment: ["SESSION_CLI_LOCK_TIMEOUT": "0.2"])
        await holder.kill()
        #expect(result.status == 75)
        #expect(result.stderr.hasPrefix("session-cli: the session store is busy"))
        #expect(result.stderr.contains(lock))
        #expect(try await cli.run(["status"]).status == 0, "a reader must not wait and the session must stay")

        let invalid = try await cli.run(["status"], extraEnvironment: ["SESSION_CLI_LOCK_TIMEOUT": "soon"])
        #expect(invalid.status == 64)
    }

    @Test(.tags(.python)) func apiKeepsTheQueryAsWritten() async throws {
        try await withLoopbackServer { server in
            try await login(server: server.originA)
            let result = try await cli.run(["api", "/echo/a%2Fb?q=1%2B1&r=a+b"])
            #expect(result.status == 0)
            let echo = try JSONSerialization.jsonObject(with: result.stdout.data) as? [String: Any]
            #expect(echo?["path"] as? String == "/echo/a%2Fb?q=1%2B1&r=a+b")
            let bad = try await cli.run(["api", "/echo?q=100%"])
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("%25"))
        }
    }
}
