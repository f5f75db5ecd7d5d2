import Foundation
import SessionCore
import SessionSupport
import SessionTestSupport
import Testing

/// `login --client-credentials --dpop` at a real provider (Debian's
/// Glewlwyd), with the session's server the tests' echo server: the
/// session is bound, `status` says to which key, `api` signs each request,
/// and nothing hands the bound token out alone (`token`, git, kubectl).
@Suite(
    .tags(.python), .hangGuard,
    .enabled(
        if: GlewlwydProvider.isInstalled || GlewlwydProvider.isRequired,
        "Glewlwyd is not installed; run 'apt-get install glewlwyd' to run the DPoP provider tests"))
struct CLIDPoPTests {
    let cli = CommandRunner()

    @Test func aMachineSignsInBoundToAKeyAndOnlyAPISendsItsToken() async throws {
        try await withGlewlwyd { provider in
            try await withLoopbackServer { server in
                let login = try await cli.run(
                    [
                        "login", "--client-credentials", "--dpop", "--issuer", provider.issuer.absoluteString,
                        "--client-id", "machine", "--scope", "api", "--server", server.originA.absoluteString,
                    ], extraEnvironment: ["SESSION_CLI_CLIENT_SECRET": provider.machineSecret])
                #expect(login.status == 0, "\(login.stderr)")

                let file = try String(contentsOf: cli.defaultStore, encoding: .utf8)
                let stored = try #require(
                    try FileLoginStateStore(fileURL: cli.defaultStore).load().credential)
                let thumbprint = try #require(stored.dpopThumbprint)
                let key = try #require(stored.dpopKey)
                #expect(file.contains(thumbprint))

                let status = try await cli.run(["status"])
                #expect(status.stdout.contains("Bound to:") && status.stdout.contains(thumbprint))
                let json = try await cli.run(["status", "--json"])
                #expect(json.stdout.contains("\"dpopThumbprint\":\"\(thumbprint)\""))

                let token = try await cli.run(["token"])
                #expect(token.status == 64 && token.stdout.isEmpty)
                #expect(token.stderr.contains("bound to its DPoP key"))

                let api = try await cli.run(["api", "/echo"])
                #expect(api.status == 0, "\(api.stderr)")
                #expect(api.stdout.contains("[\"Authorization\", \"DPoP \(stored.token.value)\"]"))
                #expect(api.stdout.contains("[\"DPoP\", \"ey"))

                // token --dpop-proof METHOD URL: the token, then a proof of the session's key for that request.
                let target = server.originA.absoluteString + "/echo?q=1"
                let proven = try await cli.run(["token", "--dpop-proof", "get", target])
                #expect(proven.status == 0, "\(proven.stderr)")
                let lines = proven.stdout.split(separator: "\n").map(String.init)
                #expect(lines.count == 2 && lines.first == stored.token.value)
                let claims = try #require(lines.last?.split(separator: ".").dropFirst().first)
                let payload = String(decoding: Base64URL.decode(claims) ?? Data(), as: UTF8.self)
                #expect(
                    payload.contains("\"htm\":\"GET\"")
                        && payload.contains("\"htu\":\"\(server.originA.absoluteString)/echo\""))
                let unbound = try await CommandRunner().run(["token", "--dpop-proof", "GET", target])
                #expect(unbound.status == 1 || unbound.status == 64)
                let noURL = try await cli.run(["token", "--dpop-proof", "GET"])
                #expect(noURL.status == 64 && noURL.stderr.contains("needs the request's URL"))

                let kube = try await cli.run(["kube-credential"])
                #expect(kube.status == 64 && kube.stderr.contains("kubectl can only send a Bearer token"))
                let host = try #require(server.originA.host).appending(":\(server.portA)")
                let git = try await cli.run(
                    ["git-credential", "get"], stdin: Data("protocol=http\nhost=\(host)\n\n".utf8))
                #expect(git.status == 64 && git.stderr.contains("git can only send a Bearer token"))

                for output in [login, status, json, token, api, kube, git, proven] {
                    #expect(!output.output.contains(key.value), "the DPoP key in the output")
                }
            }
        }
    }

    /// A person's `login --device --dpop`: bound, `api` reads userinfo with
    /// a proof, and `logout` deletes the key with the session.
    @Test func aPersonSignsInOnADeviceBoundToAKey() async throws {
        try await withGlewlwyd { provider in
            let running = try cli.start(
                [
                    "login", "--device", "--dpop", "--issuer", provider.issuer.absoluteString, "--client-id",
                    "cli",
                    "--scope", "openid", "--scope", "api",
                ])
            let code = try #require(await running.waitForStderrLine(startingWith: "Code: "))
            try await provider.approveDevice(userCode: code)
            let login = await running.finish()
            #expect(login.status == 0, "\(login.stderr)")
            let stored = try #require(try FileLoginStateStore(fileURL: cli.defaultStore).load().credential)
            #expect(stored.dpopThumbprint != nil)

            let api = try await cli.run(["api", provider.issuer.path + "/userinfo"])
            #expect(api.status == 0 && api.stdout.contains("\"sub\""), "\(api.stderr)")
            let logout = try await cli.run(["logout"])
            #expect(logout.status == 0, "\(logout.stderr)")
            let file = (try? String(contentsOf: cli.defaultStore, encoding: .utf8)) ?? ""
            #expect(!file.contains("dpop"), "the key went with the session")
            #expect(logout.stderr.contains("could not revoke"), "Glewlwyd lets no public client revoke")
        }
    }

    /// `login --client-credentials --private-key-jwt`: no secret anywhere,
    /// the key's path kept and shown, the key itself never; renewed and
    /// revoked with fresh assertions. Wrong uses are refused in words.
    @Test func aMachineSignsInWithItsKeyInsteadOfASecret() async throws {
        try await withGlewlwyd { provider in
            let key = provider.keyedPrivateKeyPath
            let base = [
                "login", "--client-credentials", "--issuer", provider.issuer.absoluteString, "--client-id",
                "keyed",
                "--scope", "api",
            ]
            let login = try await cli.run(base + ["--private-key-jwt", key, "--key-id", provider.keyedKeyID])
            #expect(login.status == 0, "\(login.stderr)")
            let file = try String(contentsOf: cli.defaultStore, encoding: .utf8)
            let pem = try String(contentsOfFile: key, encoding: .utf8)
            let body = try #require(pem.split(separator: "\n").dropFirst().first)
            #expect(file.contains(key) && !file.contains(body), "the path is kept, never the key")
            let status = try await cli.run(["status"])
            #expect(status.stdout.contains("Client key:") && status.stdout.contains(key))
            #expect(status.stdout.contains("with a key"))
            let logout = try await cli.run(["logout"])
            #expect(logout.status == 0 && logout.stderr.contains("Revoked the grant"), "\(logout.stderr)")

            let both = try await cli.run(
                base + ["--private-key-jwt", key],
                extraEnvironment: ["SESSION_CLI_CLIENT_SECRET": "s3cret-value"])
            #expect(both.status == 64 && both.stderr.contains("SESSION_CLI_CLIENT_SECRET is set too"))
            let kidAlone = try await cli.run(base + ["--key-id", "k1"])
            #expect(kidAlone.status == 64 && kidAlone.stderr.contains("--private-key-jwt"))
            let missing = try await cli.run(base + ["--private-key-jwt", "/nonexistent/key.pem"])
            #expect(
                missing.status == 74
                    && missing.stderr.contains("cannot use the client key /nonexistent/key.pem"))
            #expect(missing.stderr.split(separator: "\n").count == 1, "one line: \(missing.stderr)")
        }
    }
}
