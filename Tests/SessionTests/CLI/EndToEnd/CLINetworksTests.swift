import Foundation
import Session
import SessionSupport
import SessionTestSupport
import Testing

/// The networks companies have, end to end: a server whose certificate
/// comes from a CA made here with openssl (trusted only when the
/// environment or `login --ca-file` says so), a server that requires a
/// client certificate, IPv6 loopback, and a server that never answers
/// (waited for asleep). Every server is the tests' Python server, started
/// and stopped by the test.
@Suite(.tags(.python), .hangGuard) struct CLINetworksTests {
    let cli = CommandRunner()
    var store: FileLoginStateStore { FileLoginStateStore(fileURL: cli.defaultStore) }

    func login(_ server: URL, _ extra: [String] = []) async throws {
        let login = try await cli.run(
            ["login", "--with-token", "--server", server.absoluteString, "--account", "alice"] + extra,
            stdin: Sample.secret.data)
        #expect(login.status == 0, "\(login.stderr)")
    }

    func echoWorks(_ environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let result = try await cli.run(["api", "/echo"], extraEnvironment: environment)
        #expect(result.status == 0, "\(environment): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stdout.contains("\"Authorization\", \"Bearer \(Sample.secret)\""),
            sourceLocation: sourceLocation)
    }

    /// A private CA: refused in words with the fix, accepted with each of
    /// curl's variables, and with `login --ca-file` in every later run with
    /// no variable set. A CA file that is not there is an error naming it,
    /// never a fall back to the system's store.
    @Test func aPrivateCAIsTrustedWhenTheEnvironmentOrTheSessionSaysSo() async throws {
        try await withTestCertificates { certificates in
            let tls = LoopbackServer.Options(tls: (certificates.serverCertificate, certificates.serverKey))
            try await withLoopbackServer(tls) { server in
                let origin = server.originA.absoluteString
                try await login(server.originA)
                let refused = try await cli.run(["api", "/echo"])
                #expect(refused.status == 69)
                #expect(
                    refused.stderr.hasPrefix("session-cli: the certificate of \(origin) was not trusted ("))
                #expect(refused.stderr.contains("--ca-file PATH or set SSL_CERT_FILE"))
                #expect(
                    refused.stderr.split(separator: "\n").count == 1
                        && !refused.stderr.contains(Sample.secret))

                try await echoWorks(["SSL_CERT_FILE": certificates.caFile])
                try await echoWorks(["CURL_CA_BUNDLE": certificates.caFile])
                try await echoWorks(["SSL_CERT_DIR": certificates.caFolder])
                let missing = try await cli.run(
                    ["api", "/echo"], extraEnvironment: ["SSL_CERT_FILE": "/nonexistent/ca.pem"])
                #expect(missing.status == 74)
                #expect(
                    missing.stderr
                        == "session-cli: cannot use the CA file /nonexistent/ca.pem: No such file or directory\n"
                )

                try await login(server.originA, ["--ca-file", certificates.caFile])
                try await echoWorks()
                let status = try await cli.run(["status"])
                #expect(status.stdout.contains("CA file:") && status.stdout.contains(certificates.caFile))
                let json = try await cli.run(["status", "--json"])
                #expect(
                    json.stdout.contains(
                        "\"caFile\":\"\(certificates.caFile.replacingOccurrences(of: "/", with: "\\/"))\"")
                        || json.stdout.contains("\"caFile\":\"\(certificates.caFile)\""))
            }
        }
    }

    /// With `login --ca-file`, refresh and revocation at a provider behind
    /// the same CA work in later runs with no variable set: `token` after a
    /// forced refresh, `api`, and `logout`'s revocation.
    @Test func aSessionsCAServesItsRefreshAndItsRevocation() async throws {
        try await withTestCertificates { certificates in
            let tls = LoopbackServer.Options(tls: (certificates.serverCertificate, certificates.serverKey))
            try await withLoopbackServer(tls) { server in
                try await login(server.originA, ["--ca-file", certificates.caFile])
                let origin = server.originA
                try store.update { state in
                    guard var credential = state.credential else { return }
                    credential.provider = OAuthProvider(
                        issuer: origin, clientID: "cli",
                        tokenEndpoint: origin.appendingPathComponent("oauth/token"),
                        revocationEndpoint: origin.appendingPathComponent("oauth/revoke"))
                    credential.refreshToken = Sample.token("rt_" + Sample.secret)
                    credential.expiresAt = Date().addingTimeInterval(-60)
                    state = .loggedIn(credential)
                }
                let token = try await cli.run(["token"])
                #expect(token.status == 0, "\(token.stderr)")
                #expect(token.stdout.hasPrefix("at_"), "the token was refreshed over TLS")
                let api = try await cli.run(["api", "/plain"])
                #expect(api.status == 0, "\(api.stderr)")
                let logout = try await cli.run(["logout"])
                #expect(logout.status == 0, "\(logout.stderr)")
                let client = NetworkClient(
                    baseURL: origin, transport: ConnectionSettings(caFile: certificates.caFile).transport())
                let count = try await client.send(Request<[String: Int]>(path: "/test/revocations"))
                // The refresh token and the access token, each revoked (RFC 7009).
                #expect((count["revocations"] ?? 0) >= 1)
            }
        }
    }

    /// A server that requires a client certificate: refused without one in
    /// words, accepted with `--client-cert` and `--client-cert-key`; a key
    /// others can read is refused at login, and so is half a pair.
    @Test func aClientCertificateIsPresentedWhenTheSessionHasOne() async throws {
        try await withTestCertificates { certificates in
            let tls = LoopbackServer.Options(
                tls: (certificates.serverCertificate, certificates.serverKey),
                clientCA: certificates.clientCAFile)
            try await withLoopbackServer(tls) { server in
                let origin = server.originA.absoluteString
                try await login(server.originA, ["--ca-file", certificates.caFile])
                let refused = try await cli.run(["api", "/echo"])
                #expect(refused.status == 69)
                #expect(
                    refused.stderr
                        == "session-cli: \(origin) asks for a client certificate; log in with --client-cert PATH --client-cert-key PATH\n"
                )

                try await login(
                    server.originA,
                    [
                        "--ca-file", certificates.caFile, "--client-cert", certificates.clientCertificate,
                        "--client-cert-key", certificates.clientKey,
                    ])
                try await echoWorks()
                let status = try await cli.run(["status"])
                #expect(status.stdout.contains("Client certificate:"))
                let file = try String(contentsOf: cli.defaultStore, encoding: .utf8)
                let key = try String(contentsOfFile: certificates.clientKey, encoding: .utf8)
                #expect(
                    !file.contains("PRIVATE KEY") && !file.contains(key),
                    "the key never enters the session file")

                let shared = cli.home.file("shared.key").path
                try FileManager.default.copyItem(atPath: certificates.clientKey, toPath: shared)
                chmod(shared, 0o644)
                let open = try await cli.run(
                    [
                        "login", "--with-token", "--server", origin, "--client-cert",
                        certificates.clientCertificate,
                        "--client-cert-key", shared,
                    ], stdin: Sample.secret.data)
                #expect(open.status == 74)
                #expect(
                    open.stderr.contains(
                        "cannot use the client certificate file \(shared): the key is readable by others"))
                let half = try await cli.run(
                    [
                        "login", "--with-token", "--server", origin, "--client-cert",
                        certificates.clientCertificate,
                    ],
                    stdin: Sample.secret.data)
                #expect(half.status == 64 && half.stderr.contains("--client-cert needs --client-cert-key"))
                try await echoWorks()

                // A key that is not the certificate's: found when it is first used, named, 74.
                let other = cli.home.file("other.key").path
                try FileManager.default.copyItem(atPath: certificates.serverKey, toPath: other)
                chmod(other, 0o600)
                try await login(
                    server.originA,
                    [
                        "--ca-file", certificates.caFile, "--client-cert", certificates.clientCertificate,
                        "--client-cert-key", other,
                    ])
                let mismatch = try await cli.run(["api", "/echo"])
                #expect(mismatch.status == 74)
                #expect(
                    mismatch.stderr.hasPrefix(
                        "session-cli: cannot use the client certificate file \(certificates.clientCertificate): "
                    ),
                    "\(mismatch.stderr)")
                #expect(mismatch.stderr.split(separator: "\n").count == 1)
            }
        }
    }

    /// IPv6 loopback works like 127.0.0.1, plain and with TLS.
    @Test func aServerOnIPv6LoopbackWorks() async throws {
        try await withLoopbackServer(LoopbackServer.Options(bind: "::1")) { server in
            #expect(server.originA.absoluteString.hasPrefix("http://[::1]:"))
            try await login(server.originA)
            try await echoWorks(["http_proxy": "http://127.0.0.1:9", "ALL_PROXY": "http://127.0.0.1:9"])
        }
        try await withTestCertificates { certificates in
            let tls = LoopbackServer.Options(
                bind: "::1", tls: (certificates.serverCertificate, certificates.serverKey))
            try await withLoopbackServer(tls) { server in
                try await login(server.originA, ["--ca-file", certificates.caFile])
                try await echoWorks()
            }
        }
    }

    /// A server that accepts and never answers: `api`, a refresh and a
    /// sign-in's discovery each end in words, and the process sleeps while
    /// it waits: under 1 % of one core over the wait, measured by the
    /// kernel's accounting of the child.
    @Test(.hangGuard) func waitingForASilentServerCostsNothing() async throws {
        try await withLoopbackServer { server in
            let origin = server.originA
            try await login(origin)
            let refreshing = CommandRunner()
            let refreshingStore = FileLoginStateStore(fileURL: refreshing.defaultStore)
            var credential = Credential(
                token: Sample.token(), refreshToken: Sample.token("rt_" + Sample.secret), server: origin,
                expiresAt: Date().addingTimeInterval(-60),
                provider: OAuthProvider(
                    issuer: origin, clientID: "cli",
                    tokenEndpoint: origin.appendingPathComponent("silent/token")))
            credential.account = "alice"
            try refreshingStore.update { $0 = .loggedIn(credential) }

            async let api = cli.runMeasuringCPU(["api", "/silent"])
            async let token = refreshing.runMeasuringCPU(["token"])
            async let signIn = CommandRunner().runMeasuringCPU(
                [
                    "login", "--device", "--issuer", origin.appendingPathComponent("silent").absoluteString,
                    "--client-id", "cli",
                ])
            let results = try await [("api", api), ("token", token), ("login --device", signIn)]
            for (name, result) in results {
                #expect(result.status == 69 || result.status == 76, "\(name): \(result.stderr)")
                #expect(result.wallSeconds >= 10, "\(name) waited \(result.wallSeconds) s")
                #expect(
                    result.cpuSeconds < 0.01 * result.wallSeconds,
                    "\(name): \(result.cpuSeconds) s of CPU over \(result.wallSeconds) s")
                #expect(!result.stderr.contains("NSURLErrorDomain") && !result.stderr.contains(Sample.secret))
            }
            #expect(
                results[0].1.stderr == "session-cli: no answer from \(origin.absoluteString) within 30 s\n")
            #expect(
                results[1].1.stderr
                    == "session-cli: no complete answer from \(origin.absoluteString) within 15 s\n")
        }
    }
}
