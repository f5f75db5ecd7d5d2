import Foundation
import SessionCore
import SessionHTTP
import SessionSupport
import SessionTestSupport
import Testing

@testable import SessionNetworking

/// A bound session's nonce outlives the process: `api` against a server
/// that demands a DPoP nonce (the tests' `/dpop/nonce`) is refused once in
/// the first run only; the next run's first proof carries the nonce kept
/// beside the session file, and so does `token --dpop-proof`'s, which a
/// request of its own (as curl would send it) gets through with.
@Suite(.tags(.python), .hangGuard) struct CLIDPoPNonceTests {
    let cli = CommandRunner()

    struct Seen: Decodable { let requests: Int }

    /// A session bound to a new key, with `server` as its server, saved where the tool finds it.
    func boundSession(_ server: URL) throws -> Credential {
        let made = try DPoPKey.make()
        var credential = Credential(token: Sample.token(), server: server)
        made.bind(&credential)
        try FileLoginStateStore(fileURL: cli.defaultStore).save(credential)
        return credential
    }

    func nonce(inProof proof: Substring) throws -> String? {
        guard case .string(let nonce)? = try JWTParts.read(String(proof)).claims["nonce"] else { return nil }
        return nonce
    }

    @Test func theNextRunsFirstRequestCarriesTheServersNonce() async throws {
        try await withLoopbackServer { server in
            let credential = try boundSession(server.originA)
            let counter = NetworkClient(baseURL: server.originB, transport: ConnectionSettings().transport())
            func seen() async throws -> Int {
                let answer = try await counter.send(Request<Seen>(path: "/test/seen"))
                return answer.requests
            }
            let sessionFile = try Data(contentsOf: cli.defaultStore)
            let nonces = cli.defaultStore.path + ".nonces"

            var before = try await seen()
            let first = try await cli.run(["api", "/dpop/nonce"])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(try await seen() - before == 3, "the refused request, its retry, and this count")
            let kept = try String(contentsOfFile: nonces, encoding: .utf8)
            #expect(kept == server.originA.absoluteString + " server-nonce-1\n")
            #expect(permissions(ofPath: nonces) == 0o600)
            #expect(try Data(contentsOf: cli.defaultStore) == sessionFile, "the session file is not touched")

            for _ in 0..<2 {
                before = try await seen()
                let next = try await cli.run(["api", "/dpop/nonce"])
                #expect(next.status == 0, "\(next.stderr)")
                #expect(try await seen() - before == 2, "one request, with the kept nonce, and this count")
            }

            // token --dpop-proof: the kept nonce is in the proof, and the pair gets through on its own.
            let target = server.originA.absoluteString + "/dpop/nonce"
            let proven = try await cli.run(["token", "--dpop-proof", "GET", target])
            #expect(proven.status == 0, "\(proven.stderr)")
            let lines = proven.stdout.split(separator: "\n")
            let proof = try #require(lines.last)
            #expect(try nonce(inProof: proof) == "server-nonce-1")
            let request = HTTPRequest(
                url: url(target),
                headerFields: [.authorization: "DPoP \(credential.token.value)", .dpop: String(proof)])
            let (_, response) = try await ConnectionSettings().transport().send(request, body: nil)
            #expect(response.status.code == 200, "the proof with the kept nonce is accepted")

            // --dpop-nonce: a nonce the session has not met, in the proof instead.
            let given = try await cli.run(["token", "--dpop-proof", "GET", target, "--dpop-nonce", "n-7_x"])
            #expect(given.status == 0, "\(given.stderr)")
            #expect(try nonce(inProof: try #require(given.stdout.split(separator: "\n").last)) == "n-7_x")
        }
    }

    @Test func aNonceFileThatIsNotOneIsIgnoredAndReplaced() async throws {
        try await withLoopbackServer { server in
            _ = try boundSession(server.originA)
            let nonces = cli.defaultStore.path + ".nonces"
            try Data("# not a nonce line\n\(server.originA.absoluteString) a b\n".utf8)
                .write(to: URL(fileURLWithPath: nonces))
            let run = try await cli.run(["api", "/dpop/nonce"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty)
            let kept = try String(contentsOfFile: nonces, encoding: .utf8)
            #expect(kept == server.originA.absoluteString + " server-nonce-1\n")
        }
    }

    @Test(arguments: [
        (["token", "--dpop-nonce", "n-1"], "session-cli: --dpop-nonce goes with --dpop-proof METHOD URL"),
        (
            ["token", "--dpop-proof", "GET", "https://api.example.com/", "--dpop-nonce", "a b"],
            "session-cli: --dpop-nonce needs the nonce as the server sent it: 1 to 512 printable ASCII characters, no space"
        ),
    ])
    func aNonceWithoutAProofOrNotANonceIsRefused(arguments: [String], said: String) async throws {
        let result = try await cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(said), "\(result.stderr)")
    }
}
