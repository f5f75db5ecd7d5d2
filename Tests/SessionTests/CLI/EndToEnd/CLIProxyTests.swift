import Foundation
import SessionTestSupport
import Testing

/// `session-cli` through a real proxy (Debian's tinyproxy), by curl's
/// rules, in a network namespace of its own: loopback is never proxied, so
/// these tests need destinations that are not loopback, and get them on the
/// namespace's own `lo` (10.77.0.2 as `api.corp.test`), which stays inside
/// the machine (`Scripts/proxy/scenarios.py`). Needs root, `unshare`, `ip`
/// and tinyproxy; elsewhere skipped with one line, unless
/// `SESSION_TESTS_REQUIRE_NAMESPACE=1` (set by CI).
@Suite(
    .tags(.python), .hangGuard,
    .enabled(
        if: TestNamespace.canRun(with: ["/usr/bin/tinyproxy", "/usr/bin/stdbuf"])
            || ProcessInfo.processInfo.environment["SESSION_TESTS_REQUIRE_NAMESPACE"] == "1",
        "the proxy tests need root, unshare, ip and tinyproxy ('apt-get install tinyproxy iproute2'); skipped"
    ))
struct CLIProxyTests {
    struct Case: Decodable {
        let name: String
        let status: Int
        let stdout: String
        let stderr: String
        /// What the open proxy logged for it: its connections and request lines.
        let proxy: [String]
        /// What the proxy that wants credentials logged.
        let authProxy: [String]
        /// The destinations the SOCKS5 proxy was asked for, as named.
        let socks: [String]
    }

    struct Outcome: Decodable {
        let cases: [Case]
        let ports: [String: Int]
    }

    func scenarios() async throws -> (cases: [String: Case], ports: [String: Int]) {
        try await withTestCertificates { certificates in
            let home = TemporaryDirectory()
            let options: [String: String] = [
                "cli": Executables.sessionCLI.path, "certificates": certificates.folder.path,
                "server": TestScripts.url("test_server.py").path, "home": home.path,
            ]
            let argument = String(
                decoding: try JSONSerialization.data(withJSONObject: options), as: UTF8.self)
            let script = TestScripts.url("proxy/scenarios.py").path
            let process = try ChildProcess(
                ["/usr/bin/unshare", "--net", "--mount", "python3", script, argument], stdout: .pipe)
            let output = try await offThePool { try process.output?.readToEnd() ?? Data() }
            let status = await process.exitStatus()
            #expect(status == 0, "the scenarios ended with \(status)")
            let outcome = try JSONDecoder().decode(Outcome.self, from: output)
            return (Dictionary(outcome.cases.map { ($0.name, $0) }) { first, _ in first }, outcome.ports)
        }
    }

    @Test func requestsGoThroughTheProxyByCurlsRulesAndLoopbackNever() async throws {
        let (cases, ports) = try await scenarios()
        let tls = try #require(ports["tls"])
        let secret = Sample.secret

        // https through the proxy is a CONNECT, and the proxy sees nothing else.
        for name in [
            "https through HTTPS_PROXY", "https through https_proxy, lowercase first",
            "https through ALL_PROXY",
        ] {
            let result = try #require(cases[name])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stdout.contains(secret), "\(name): the server got the token")
            #expect(result.proxy == ["127.0.0.1", "CONNECT api.corp.test:\(tls) HTTP/1.1"], "\(name)")
        }
        // socks5h://: the proxy is given the name, and resolves it.
        let socks = try #require(cases["https through a socks5h proxy"])
        #expect(socks.status == 0, "\(socks.stderr)")
        #expect(socks.socks == ["api.corp.test:\(tls)"] && socks.proxy.isEmpty)
        // NO_PROXY by name, suffix, address, CIDR and *: straight to the server.
        for name in [
            "NO_PROXY by name", "NO_PROXY by suffix", "NO_PROXY by address", "NO_PROXY by CIDR", "NO_PROXY *",
        ] {
            let result = try #require(cases[name])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.proxy.isEmpty, "\(name) went through the proxy: \(result.proxy)")
        }
        // A session on http://127.0.0.1 or http://localhost never reaches the proxy, whatever is set.
        for name in ["http to 127.0.0.1 never proxied", "http to localhost never proxied"] {
            let result = try #require(cases[name])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.proxy.isEmpty && result.authProxy.isEmpty, "\(name): \(result.proxy)")
        }
        // A proxy that wants credentials is named, without them, and the server is never reached.
        let refused = try #require(cases["the proxy wants credentials"])
        #expect(refused.status == 69)
        #expect(
            refused.stderr.hasPrefix(
                "session-cli: the proxy http://127.0.0.1:\(ports["auth"] ?? 0) asks for credentials (status ")
        )
        #expect(!refused.stderr.contains("wrong-pa55word") && !refused.stderr.contains("proxyuser"))
        #expect(!refused.stdout.contains(secret) && !refused.stderr.contains(secret))
        let accepted = try #require(cases["the proxy's credentials"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.authProxy == ["127.0.0.1", "CONNECT api.corp.test:\(tls) HTTP/1.1"])
        // A proxy that cannot be reached is named, without its password.
        let unreachable = try #require(cases["the proxy cannot be reached"])
        #expect(unreachable.status == 69)
        #expect(
            unreachable.stderr.hasPrefix(
                "session-cli: the proxy http://127.0.0.1:\(ports["closed"] ?? 0) could not be used for https://api.corp.test:\(tls): "
            ))
        #expect(!unreachable.stderr.contains("pr0xy-s3cret"))
        #expect(unreachable.stderr.split(separator: "\n").count == 1)
    }
}
