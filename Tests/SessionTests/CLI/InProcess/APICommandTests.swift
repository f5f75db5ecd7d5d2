import Foundation
import SessionCore
import SessionTestSupport
import Testing

/// `api` against the Python server, run in this process with the tool's
/// real network service.
@Suite struct APICommandTests {
    let tool = Tool()
    let secret = "sk_live_API_abcdef0123456789"

    func login(server: URL?) async throws {
        let options = server.map { ["--server", $0.absoluteString] } ?? []
        let result = await tool.run(["login", "--with-token"] + options, stdin: secret)
        #expect(result.status == 0)
    }

    func withServer(_ body: (LoopbackServer) async throws -> Void) async throws {
        try await withLoopbackServer { server in
            try await body(server)
        }
    }

    @Test(.tags(.python)) func sendsTheTokenOnceAndPrintsTheBody() async throws {
        try await withServer { server in
            try await login(server: server.originA)
            let result = await tool.run([
                "api", "/echo", "--header", "X-Custom: hello", "--method", "post",
            ])
            #expect(result.status == 0)
            let echo = try JSONSerialization.jsonObject(with: result.stdout.data) as? [String: Any]
            let headers = echo?["headers"] as? [[String]] ?? []
            Secret.expectEqual(
                headers.filter { $0.first == "Authorization" }.map { $0.last }, ["Bearer \(secret)"],
                "Authorization")
            #expect(headers.contains(["X-Custom", "hello"]))
            #expect(echo?["method"] as? String == "POST")
            #expect(result.stderr.isEmpty)
        }
    }

    @Test(.tags(.python)) func everyExitCode() async throws {
        try await withServer { server in
            let notLoggedIn = await tool.run(["api", "/plain"])
            #expect(notLoggedIn.status == 1)
            #expect(notLoggedIn.stderr.hasPrefix("session-cli: not logged in;"))

            try await login(server: nil)
            let noServer = await tool.run(["api", "/plain"])
            #expect(noServer.status == 1)
            #expect(noServer.stderr.contains("names no server"))

            try await login(server: server.originA)
            let ok = await tool.run(["api", "plain"])
            #expect(ok.status == 0)
            #expect(ok.stdout == #"{"ok": true}"#)

            let failed = await tool.run(["api", "/status/500"])
            #expect(failed.status == 1)
            #expect(failed.stdout == #"{"message": "status 500"}"#, "the error body is still printed")
            #expect(failed.stderr == "session-cli: the server answered with status 500\n")

            let forbidden = await tool.run(["api", "/status/403"])
            #expect(forbidden.status == 77)
            #expect(await tool.run(["status"]).status == 0, "a 403 keeps the session")

            let rejected = await tool.run(["api", "/status/401"])
            #expect(rejected.status == 77)
            #expect(
                rejected.stderr
                    == "session-cli: the server rejected the token (401 Unauthorized); you are now logged out; run 'session-cli login'\n"
            )
            #expect(
                await tool.run(["status", "--server", server.originA.absoluteString]).status == 1,
                "a 401 logs that session out")
            #expect(await tool.run(["status"]).status == 0, "the other session is the default now")

            try await login(server: server.closedOrigin)
            let unreachable = await tool.run(["api", "/plain"])
            #expect(unreachable.status == 69)
            #expect(
                unreachable.stderr.hasPrefix(
                    "session-cli: cannot reach http://127.0.0.1:\(server.closedPort): "))
            #expect(await tool.run(["status"]).status == 0, "an unreachable server keeps the session")

            for output in [notLoggedIn, noServer, ok, failed, forbidden, rejected, unreachable] {
                Secret.expectAbsent([secret], in: output.output, "the output")
            }
        }
    }

    @Test func usageErrorsExit64BeforeAnythingIsSent() async throws {
        try await login(server: URL(string: "https://api.example.com"))
        let attempts: [([String], String)] = [
            (["api"], "session-cli: api needs a PATH, like: session-cli api /user\n"),
            (
                ["api", "/x", "--header", "no colon"],
                "session-cli: invalid --header: write it as 'Name: value'\n"
            ),
            (
                ["api", "/x", "--header", "Bad Name: v"],
                "session-cli: invalid --header: the name must be letters, digits or !#$%&'*+-.^_`|~\n"
            ),
            (
                ["api", "/x", "--header", "Authorization: Bearer x"],
                "session-cli: --header Authorization is not allowed: the token comes from the session (session-cli login)\n"
            ),
            (
                ["api", "/x", "--method", "GE T"],
                "session-cli: invalid --method: give an HTTP method such as GET, POST, PUT, PATCH or DELETE\n"
            ),
            (
                ["api", "https://api.example.com/x", "--server", "https://api.example.com"],
                "session-cli: give --server or a full URL, not both: a full URL names its server\n"
            ),
            (
                ["api", "https://api.example.com/x#top"],
                "session-cli: invalid URL: it must not have a fragment (#)\n"
            ),
            (
                ["api", "http://api.example.com/x"],
                "session-cli: invalid URL: plain http is allowed only for this machine (localhost, 127.0.0.1, ::1); use https\n"
            ),
            (["api", "/x", "/y"], "session-cli: api takes one argument; see 'session-cli help api'\n"),
        ]
        for (arguments, message) in attempts {
            let result = await tool.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == message)
        }
    }
}
