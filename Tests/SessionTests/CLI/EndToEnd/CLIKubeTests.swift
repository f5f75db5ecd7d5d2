import Foundation
import SessionCore
import SessionTestSupport
import Testing

/// Where kubectl is, if it is installed: the first on `PATH`, as a person runs it.
enum Kubectl {
    static let path: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
        .split(separator: ":").map { $0 + "/kubectl" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Real kubectl against a loopback HTTPS server that speaks enough of the
/// Kubernetes API for `kubectl get pods` and checks the bearer token, with
/// `session-cli kube-credential` as its exec credential plugin.
@Suite(.hangGuard, .enabled(if: Kubectl.path != nil, "kubectl is not installed"))
struct CLIKubeTests {
    let cli = CommandRunner()

    /// kubectl in this test's HOME, with a kubeconfig whose user runs the
    /// plugin through a script that counts the calls.
    func kubectl(for server: KubeTestServer) throws -> (runner: CommandRunner, calls: URL) {
        let folder = cli.home.file("plugin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let calls = cli.home.file("plugin-calls")
        let wrapper = folder.appendingPathComponent("plugin")
        try writeExecutable(
            Data(
                """
                #!/bin/sh
                echo call >> '\(calls.path)'
                exec '\(Executables.sessionCLI.path)' kube-credential "$@"

                """.utf8), to: wrapper)
        let config = """
            apiVersion: v1
            kind: Config
            clusters:
            - name: lab
              cluster:
                server: \(server.origin.absoluteString)
                certificate-authority: \(server.certificateAuthority.path)
            users:
            - name: lab
              user:
                exec:
                  apiVersion: client.authentication.k8s.io/v1
                  command: \(wrapper.path)
                  interactiveMode: Never
            contexts:
            - name: lab
              context: {cluster: lab, user: lab}
            current-context: lab

            """
        let kubeconfig = cli.home.file("kubeconfig")
        try Data(config.utf8).write(to: kubeconfig)
        var runner = cli
        runner.executable = URL(fileURLWithPath: Kubectl.path ?? "/usr/bin/kubectl")
        runner.environment["KUBECONFIG"] = kubeconfig.path
        return (runner, calls)
    }

    func callCount(_ calls: URL) -> Int {
        ((try? String(contentsOf: calls, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    func logIn(_ token: String, server: URL) async throws {
        let login = try await cli.run(
            [
                "login", "--with-token", "--server", server.absoluteString, "--user", "alice", "--expires-in",
                "3600",
            ],
            stdin: token.data)
        #expect(login.status == 0, "\(login.stderr)")
    }

    /// kubectl gets the token from the plugin once per process, for all the
    /// requests it makes until the expiry; the API server sees the token.
    @Test(.tags(.python)) func kubectlGetsPodsThroughThePlugin() async throws {
        try await withKubeServer(tokens: ["tok_kube_0123456789"]) { server in
            try await logIn("tok_kube_0123456789", server: server.origin)
            let (kubectl, calls) = try kubectl(for: server)
            let pods = try await kubectl.run(["get", "pods"])
            #expect(pods.status == 0, "\(pods.stderr)")
            #expect(pods.stdout.contains("hello-0") && pods.stdout.contains("hello-1"))
            let first = try await server.requests()
            // A cold discovery cache: several requests, all with the token, one plugin call.
            #expect(first.authorized >= 2 && first.unauthorized == 0, "\(first)")
            #expect(callCount(calls) == 1, "kubectl asked the plugin again before the expiry")
            // A new kubectl process asks again: kubectl keeps the credential in memory only.
            #expect(try await kubectl.run(["get", "pods"]).status == 0)
            #expect(callCount(calls) == 2)
            Secret.expectAbsent(["tok_kube_0123456789"], in: pods.output, "kubectl's output")
        }
    }

    /// Logged out: kubectl fails with the plugin's one line, and the server sees nothing.
    @Test(.tags(.python)) func loggedOutKubectlReportsThePluginsError() async throws {
        try await withKubeServer(tokens: ["tok_kube_0123456789"]) { server in
            let (kubectl, _) = try kubectl(for: server)
            let pods = try await kubectl.run(["get", "pods"])
            #expect(pods.status == 1)
            #expect(
                pods.stderr.contains("session-cli: not logged in; run 'session-cli login'"), "\(pods.stderr)")
            #expect(pods.stderr.contains("getting credentials: exec: executable"))
            #expect(try await server.requests().authorized == 0)
        }
    }

    /// A due token is refreshed by the plugin before kubectl uses it: the
    /// API server takes only the refreshed one.
    @Test(.tags(.python)) func aDueTokenIsRefreshedBeforeKubectlUsesIt() async throws {
        try await withLoopbackServer { tokens in
            try await withKubeServer(tokens: ["tok_refreshed_0123456789"]) { server in
                let due = Sample.dueCredential(
                    server: server.origin, clientID: "kube-test", refreshingAt: tokens.originA,
                    to: "tok_refreshed_0123456789")
                try FileLoginStateStore(fileURL: cli.defaultStore).save(due)
                let (kubectl, _) = try kubectl(for: server)
                let pods = try await kubectl.run(["get", "pods"])
                #expect(pods.status == 0, "\(pods.stderr)")
                #expect(try await server.requests().unauthorized == 0)
            }
        }
    }
}

/// The ID token of a sign-in with `openid` is kept in the session, and
/// `kube-credential --id-token` hands it on with its `exp`, checked against
/// the real provider's issuer and the client.
@Suite(.hangGuard, .tags(.pypi)) struct CLIIDTokenTests {
    @Test func theSignInsIDTokenIsKeptAndHandedOn() async throws {
        try await withTestProvider { provider in
            let cli = CommandRunner()
            // The browser flow: the provider issues an ID token with a code (not with a device code).
            let running = try cli.start([
                "login", "--web", "--no-browser", "--issuer", provider.issuer.absoluteString, "--client-id",
                "cli-web",
                "--scope", "openid", "--scope", "profile",
            ])
            let url = try #require(
                await running.waitForStderrLine(startingWith: "URL: ").flatMap(URL.init(string:)))
            _ = try await provider.authorize(url)
            #expect(await running.finish().status == 0)
            let credential = try #require(
                try FileLoginStateStore(fileURL: cli.defaultStore).load().credential)
            let idToken = try #require(credential.idToken, "the sign-in kept no ID token")
            let result = try await cli.run(["kube-credential", "--id-token"])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let status = object?["status"] as? [String: Any]
            Secret.expectEqual(status?["token"] as? String, idToken.value, "the ID token")
            #expect(status?["expirationTimestamp"] is String)
        }
    }
}
