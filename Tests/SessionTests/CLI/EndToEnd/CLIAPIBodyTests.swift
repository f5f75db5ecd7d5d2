import Foundation
import SessionCore
import SessionSupport
import SessionTestSupport
import Testing

/// `api` sends a body as `gh api` users expect, against the tests' server
/// on loopback: fields as JSON or as a query, typed fields, a file or
/// standard input streamed as the body, the status line and headers with
/// `-i`, and a redirect to another origin said on standard error.
@Suite(.tags(.python), .hangGuard) struct CLIAPIBodyTests {
    let cli = CommandRunner()

    func login(_ server: URL) async throws {
        let login = try await cli.run(
            ["login", "--with-token", "--server", server.absoluteString, "--account", "alice"],
            stdin: Sample.secret.data)
        #expect(login.status == 0, "\(login.stderr)")
    }

    func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// The body the server received, as JSON.
    func body(_ echo: [String: Any]) throws -> [String: Any] {
        try json(echo["body"] as? String ?? "")
    }

    @Test func fieldsAreAJSONBodyAndThePOSTIsImplied() async throws {
        try await withLoopbackServer { server in
            try await login(server.originA)
            let file = cli.home.file("note.txt")
            try Data("from a file\n".utf8).write(to: file)
            let result = try await cli.run([
                "api", "/echo", "-f", "name=alice", "-F", "admin=true", "-F", "age=42", "-F", "nothing=null",
                "-f", "quoted=true", "-F", "user[city]=Kyoto", "-F", "tags[]=a", "-F", "tags[]=b",
                "-F", "note=@\(file.path)",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let echo = try json(result.stdout)
            #expect(echo["method"] as? String == "POST")
            let headers = (echo["headers"] as? [[String]] ?? []).map { $0.map { $0.lowercased() } }
            #expect(headers.contains(["content-type", "application/json"]))
            let sent = try body(echo)
            #expect(sent["name"] as? String == "alice")
            #expect(sent["admin"] as? Bool == true)
            #expect(sent["age"] as? Int == 42)
            #expect(sent["nothing"] is NSNull)
            #expect(sent["quoted"] as? String == "true", "-f is always a string")
            #expect((sent["user"] as? [String: Any])?["city"] as? String == "Kyoto")
            #expect(sent["tags"] as? [String] == ["a", "b"])
            #expect(sent["note"] as? String == "from a file\n")
        }
    }

    @Test func forGETTheFieldsAreTheQuery() async throws {
        try await withLoopbackServer { server in
            try await login(server.originA)
            let result = try await cli.run(["api", "/echo?page=2", "-X", "GET", "-f", "q=a b&c", "-F", "n=5"])
            #expect(result.status == 0, "\(result.stderr)")
            let echo = try json(result.stdout)
            #expect(echo["method"] as? String == "GET")
            #expect(echo["path"] as? String == "/echo?page=2&q=a%20b%26c&n=5")
            #expect(echo["body"] as? String == "")
        }
    }

    /// `--input FILE` streams a file as the body (it is never read whole:
    /// it goes out chunked as it is read), and `--input -` standard input.
    @Test func inputStreamsAFileOrStandardInputAsTheBody() async throws {
        try await withLoopbackServer { server in
            try await login(server.originA)
            let file = cli.home.file("payload.bin")
            var bytes = [UInt8](repeating: 0, count: 3 << 20)
            for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 7 &+ 3) }
            try Data(bytes).write(to: file)
            let digest = SHA256.digest(bytes).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            let fromFile = try await cli.run(["api", "--input", file.path, "/digest", "-X", "PUT"])
            #expect(fromFile.status == 0, "\(fromFile.stderr)")
            let sent = try json(fromFile.stdout)
            #expect(sent["method"] as? String == "PUT")
            #expect(sent["bytes"] as? Int == bytes.count)
            #expect(sent["sha256"] as? String == digest)
            #expect(sent["chunked"] as? Bool == true, "the file was read whole, not streamed")

            let fromInput = try await cli.run(["api", "--input", "-", "/digest"], stdin: Data(bytes))
            #expect(fromInput.status == 0, "\(fromInput.stderr)")
            let piped = try json(fromInput.stdout)
            #expect(piped["method"] as? String == "POST", "POST is implied by a body")
            #expect(piped["bytes"] as? Int == bytes.count && piped["sha256"] as? String == digest)

            let missing = try await cli.run(["api", "--input", cli.home.file("nope").path, "/digest"])
            #expect(missing.status == 74 && missing.stderr.hasPrefix("session-cli: cannot read "))
            let folder = try await cli.run(["api", "--input", cli.home.path, "/digest"])
            #expect(folder.status == 74, "\(folder.stderr)")
            #expect(folder.stderr == "session-cli: cannot read \(cli.home.path): Is a directory\n")

            // Standard input has one reader: two are refused before anything is read or sent.
            for twice in [["--input", "-", "-F", "a=@-"], ["-F", "a=@-", "-F", "b=@-"]] {
                let refused = try await cli.run(["api", "/digest"] + twice, stdin: Data("x".utf8))
                #expect(refused.status == 64, "\(twice): \(refused.stderr)")
                #expect(refused.stderr.hasPrefix("session-cli: standard input can be read once"))
            }
        }
    }

    /// `-i` prints the status line and the headers, then the body.
    @Test func includePrintsTheStatusLineAndHeaders() async throws {
        try await withLoopbackServer { server in
            try await login(server.originA)
            let result = try await cli.run(["api", "-i", "/plain"])
            #expect(result.status == 0, "\(result.stderr)")
            // The status line as the server sent it, as curl -i prints it.
            #expect(
                result.stdout.hasPrefix("HTTP/1.1 200 OK\n") || result.stdout.hasPrefix("HTTP/1.0 200 OK\n"))
            let (head, body) = try #require(
                result.stdout.split(separator: "\n\n", maxSplits: 1).first.map {
                    ($0, result.stdout.dropFirst($0.count + 2))
                })
            #expect(head.lowercased().contains("\ncontent-type: application/json"))
            #expect(body == "{\"ok\": true}")
            let refused = try await cli.run(["api", "-i", "/status/404"])
            #expect(refused.status == 1 && refused.stdout.contains(" 404 Not Found\n"))
            #expect(refused.stdout.hasPrefix("HTTP/1."))
        }
    }

    /// A redirect to another origin is followed without the token, and
    /// standard error says where the answer came from.
    @Test func aRedirectToAnotherOriginIsSaidOnStandardError() async throws {
        try await withLoopbackServer { server in
            try await login(server.originA)
            let result = try await cli.run(["api", "/redirect/other"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stderr
                    == "session-cli: note: the answer came from \(server.originB.absoluteString)/echo: a redirect to another server was followed without the token\n"
            )
            let echo = try json(result.stdout)
            let names = (echo["headers"] as? [[String]] ?? []).map { $0[0].lowercased() }
            #expect(!names.contains("authorization"))
            let same = try await cli.run(["api", "/redirect/same"])
            #expect(same.status == 0 && same.stderr.isEmpty)
        }
    }
}
