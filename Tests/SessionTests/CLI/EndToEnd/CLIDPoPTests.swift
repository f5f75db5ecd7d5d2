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
    .tags(.python), .timeLimit(.minutes(3)),
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

    @Test func dpopGoesWithClientCredentialsForNow() async throws {
        let device = try await cli.run(
            ["login", "--device", "--dpop", "--issuer", "https://login.example.com", "--client-id", "cli"])
        #expect(
            device.status == 64 && device.stderr.contains("--dpop goes with --client-credentials for now"))
    }
}
