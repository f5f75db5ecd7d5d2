import Foundation
import SessionCore
import SessionHTTP
import SessionNetworking
import SessionTestSupport
import Testing

/// `login --client-credentials` against the tests' provider
/// (django-oauth-toolkit): a machine signs in as itself, its due token is
/// renewed by the grant once across 8 processes, and logout revokes it.
@Suite(.hangGuard, .tags(.pypi)) struct CLIClientCredentialsTests {
    let cli = CommandRunner()
    static let secret = "s3cret-for-tests-0123456789"

    /// What the provider's protected resource says of `token`: its status code.
    func me(_ provider: OAuthTestProvider, token: String) async throws -> Int {
        let request = HTTPRequest(
            url: provider.issuer.appendingPathComponent("api/me"),
            headerFields: [.authorization: "Bearer " + token])
        return try await ConnectionSettings().transport().send(request, body: nil).1.status.code
    }

    @Test func aMachineSignsInRenewsOnceAcrossProcessesAndLogsOut() async throws {
        try await withTestProvider { provider in
            let login = try await cli.run(
                [
                    "login", "--client-credentials", "--issuer", provider.issuer.absoluteString,
                    "--client-id",
                    "cli-machine", "--scope", "read",
                ], extraEnvironment: ["SESSION_CLI_CLIENT_SECRET": Self.secret])
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.stdout.hasPrefix("Logged in as cli-machine"))
            let store = FileLoginStateStore(fileURL: cli.defaultStore)
            let signedIn = try #require(try store.load().credential)
            #expect(signedIn.account == "cli-machine" && signedIn.refreshToken == nil)
            #expect(signedIn.provider?.usesClientCredentials == true && signedIn.canRefresh)
            let status = try await me(provider, token: signedIn.token.value)
            #expect(status == 200, "api/me answered \(status)")
            let token = try await cli.run(["token"])
            Secret.expectEqual(token.stdout, signedIn.token.value + "\n", "the token")

            // Due now: 8 processes at once, one grant between them, one new token for all.
            var due = signedIn
            due.tokenIssuedAt = Date().addingTimeInterval(-3600)
            due.expiresAt = Date().addingTimeInterval(20)
            try store.save(due)
            let before = try await provider.counts()["client_credentials"] ?? 0
            let outputs = try await cli.runTogether(8, ["token"])
            #expect(outputs.allSatisfy { $0.status == 0 }, "\(outputs.map(\.stderr))")
            #expect(
                try await provider.counts()["client_credentials"] ?? 0 == before + 1,
                "the grant ran more than once")
            let renewed = try #require(try store.load().credential)
            #expect(renewed.token != signedIn.token)
            #expect(
                outputs.allSatisfy { $0.stdout == renewed.token.value + "\n" }, "a process got another token")

            // Logout revokes the access token it removed.
            let logout = try await cli.run(["logout"])
            #expect(logout.status == 0 && logout.stderr.contains("Revoked the grant"), "\(logout.stderr)")
            #expect(try await me(provider, token: renewed.token.value) == 401)
        }
    }

    @Test func theSecretComesFromTheEnvironmentOnly() async throws {
        let missing = try await cli.run([
            "login", "--client-credentials", "--issuer", "https://login.example.com", "--client-id", "ci",
        ])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("SESSION_CLI_CLIENT_SECRET"))
        let mixed = try await cli.run(["login", "--client-credentials", "--device"])
        #expect(mixed.status == 64)
    }
}
