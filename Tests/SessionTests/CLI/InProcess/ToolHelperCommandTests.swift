import Foundation
import SessionCLIKit
import SessionCore
import SessionSupport
import SessionSystem
import Testing

/// `git-credential` and `kube-credential` spoken to directly, in this
/// process: what git and kubectl are told, for which sessions, and every
/// refusal. The real git and kubectl are in `CLI/EndToEnd`.
@Suite struct ToolHelperCommandTests {
    let tool = Tool(network: nil)

    func login(_ account: String, server: String, token: String, expiresIn: Int? = 3600) async {
        let login = await tool.run(
            ["login", "--with-token", "--server", server, "--user", account]
                + (expiresIn.map { ["--expires-in", String($0)] } ?? []),
            stdin: token)
        #expect(login.status == 0, "\(login.stderr)")
    }

    func expiry(_ token: String) throws -> Int {
        Int(
            try #require(
                tool.store.sessions().first { $0.credential.token.value == token }?.credential.expiresAt
            )
            .timeIntervalSince1970)
    }

    // MARK: git-credential

    @Test func getAnswersForTheSessionOnTheAskedOriginOnly() async throws {
        await login("alice", server: "https://git.example.com", token: "tok_alice_0123456789")
        await login("bob", server: "http://127.0.0.1:8080", token: "tok_bob_0123456789", expiresIn: nil)
        let alice = await tool.run(
            ["git-credential", "get"], stdin: "protocol=https\nhost=git.example.com\n")
        #expect(alice.status == 0 && alice.stderr.isEmpty)
        Secret.expectEqual(
            alice.stdout,
            "username=alice\npassword=tok_alice_0123456789\npassword_expiry_utc=\(try expiry("tok_alice_0123456789"))\n",
            "git's answer")
        // http to this machine, with its port; no expiry, so none said.
        let bob = await tool.run(["git-credential", "get"], stdin: "protocol=http\nhost=127.0.0.1:8080\n\n")
        Secret.expectEqual(bob.stdout, "username=bob\npassword=tok_bob_0123456789\n", "git's answer")
        for other in [
            "protocol=https\nhost=other.example.com\n", "protocol=https\nhost=git.example.com:8443\n",
            "protocol=http\nhost=git.example.com\n", "protocol=http\nhost=127.0.0.1:8081\n",
            "host=git.example.com\n",
        ] {
            let nothing = await tool.run(["git-credential", "get"], stdin: other)
            #expect(nothing.status == 0 && nothing.stderr.isEmpty, "\(other)")
            Secret.expectEmpty(nothing.stdout, "the answer for \(other)")
        }
    }

    /// git 2.46 and later announce `authtype`: the token goes as a bearer token.
    @Test func anAnnouncedAuthtypeCapabilityGetsABearerCredential() async throws {
        await login("alice", server: "https://git.example.com", token: "tok_alice_0123456789")
        let answer = await tool.run(
            ["git-credential", "get"],
            stdin:
                "capability[]=authtype\ncapability[]=state\nprotocol=https\nhost=git.example.com\nwwwauth[]=Bearer\n"
        )
        Secret.expectEqual(
            answer.stdout,
            "capability[]=authtype\nauthtype=Bearer\ncredential=tok_alice_0123456789\n"
                + "password_expiry_utc=\(try expiry("tok_alice_0123456789"))\n",
            "git's answer")
        #expect(
            await tool.run(["git-credential", "capability"]).stdout == "version 0\ncapability authtype\n")
    }

    /// Two accounts on one server: git's username picks, else the default;
    /// a selection answers for its own origin only.
    @Test func severalSessionsOnOneOriginArePickedByUsernameThenDefault() async throws {
        await login("alice", server: "https://git.example.com", token: "tok_alice_0123456789")
        await login("bob", server: "https://git.example.com", token: "tok_bob_0123456789")
        let byDefault = await tool.run(
            ["git-credential", "get"], stdin: "protocol=https\nhost=git.example.com\n")
        #expect(byDefault.stdout.split(separator: "\n").first == "username=bob")
        let byName = await tool.run(
            ["git-credential", "get"], stdin: "protocol=https\nhost=git.example.com\nusername=alice\n")
        #expect(byName.stdout.split(separator: "\n").first == "username=alice")
        let selected = await tool.run(
            ["git-credential", "get", "--account", "alice"], stdin: "protocol=https\nhost=git.example.com\n")
        #expect(selected.stdout.split(separator: "\n").first == "username=alice")
        let elsewhere = await tool.run(
            ["git-credential", "get"], stdin: "protocol=https\nhost=other.example.com\n",
            environment: [.account: "alice"])
        #expect(elsewhere.status == 0)
        Secret.expectEmpty(elsewhere.stdout, "the answer for another origin")
    }

    @Test func storeAndEraseChangeNothing() async throws {
        await login("alice", server: "https://git.example.com", token: "tok_alice_0123456789")
        let before = try Data(contentsOf: tool.defaultStore)
        for action in ["store", "erase"] {
            let result = await tool.run(
                ["git-credential", action],
                stdin: "protocol=https\nhost=git.example.com\nusername=alice\npassword=tok_alice_0123456789\n"
            )
            #expect(result.status == 0 && result.stderr.isEmpty)
            Secret.expectEmpty(result.stdout, "what \(action) printed")
        }
        #expect(try Data(contentsOf: tool.defaultStore) == before, "a rejected push ended the session")
    }

    /// An action this helper does not know is ignored, as git-credential(1)
    /// asks, so that a later git's new actions do no harm: exit 0, nothing
    /// printed, nothing changed.
    @Test func anUnknownActionIsIgnoredSilently() async throws {
        await login("alice", server: "https://git.example.com", token: "tok_alice_0123456789")
        let before = try Data(contentsOf: tool.defaultStore)
        for action in ["frob", "approve", "GET"] {
            let result = await tool.run(
                ["git-credential", action], stdin: "protocol=https\nhost=git.example.com\n\n")
            #expect(result.status == 0, "\(action)")
            #expect(result.stderr.isEmpty, "\(action): \(result.stderr)")
            Secret.expectEmpty(result.stdout, "what \(action) printed")
        }
        #expect(try Data(contentsOf: tool.defaultStore) == before)
    }

    /// Each bad input: one line on stderr, nothing on stdout, 64 (65 for bad bytes).
    @Test(arguments: [
        (
            ["get"], "protocol=https\nhost=git.example.com\npassword tok_alice_0123456789\n", 64,
            "line 3 of git's input is not key=value"
        ),
        (["get"], "protocol=https\u{0}\nhost=git.example.com\n", 65, "git's input holds a NUL byte"),
        (
            ["get"], "protocol=https\nhost=" + String(repeating: "a", count: 70_000) + "\n", 64,
            "line 2 of git's input is longer than 64 KiB"
        ),
        ([], "", 64, "git-credential needs an action: get, store or erase"),
    ])
    func badInputIsOneLineAndNothingOnStandardOutput(
        arguments: [String], input: String, status: Int32, message: String
    ) async throws {
        await login("alice", server: "https://git.example.com", token: "tok_alice_0123456789")
        let result = await tool.run(["git-credential"] + arguments, stdin: input)
        #expect(result.status == status)
        Secret.expectEmpty(result.stdout, "standard output")
        #expect(result.stderr.hasPrefix("session-cli: \(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        Secret.expectAbsent(["tok_alice_0123456789"], in: result.stderr, "the error")
    }

    @Test func bytesThatAreNotUTF8Are65() async throws {
        let bad = await tool.runBytes(
            ["git-credential", "get"], stdin: Array("protocol=https\nhost=".utf8) + [0xFF, 0x0A])
        #expect(bad.status == 65 && bad.stderr.contains("is not UTF-8"))
        Secret.expectEmpty(bad.stdout, "standard output")
    }

    /// A session that has expired for good: nothing for git, one line for the person.
    @Test func anExpiredSessionGivesNothingAndSaysToLogIn() async throws {
        await login("alice", server: "https://git.example.com", token: "tok_alice_0123456789", expiresIn: 1)
        let tool = Tool(home: self.tool.home, network: nil)
        var later = tool
        later.now = { Date().addingTimeInterval(60) }
        let result = await later.run(
            ["git-credential", "get"], stdin: "protocol=https\nhost=git.example.com\n")
        #expect(result.status == 0)
        Secret.expectEmpty(result.stdout, "standard output")
        #expect(result.stderr.contains("has expired; run 'session-cli login'"))
    }

    /// A due token is refreshed first, through the network, and the fresh one answered.
    @Test func aDueTokenIsRefreshedFirst() async throws {
        let provider = OAuthProvider(
            issuer: url("https://login.example.com"), clientID: "cli",
            tokenEndpoint: url("https://login.example.com/token"))
        let due = Credential(
            token: Sample.token("tok_due_0123456789"), refreshToken: Sample.token("rt_due_0123456789"),
            account: "alice", server: url("https://git.example.com"),
            issuedAt: Date().addingTimeInterval(-3600),
            expiresAt: Date().addingTimeInterval(30), provider: provider)
        try tool.store.save(due)
        var fresh = due
        fresh.token = Sample.token("tok_fresh_0123456789")
        fresh.expiresAt = Date().addingTimeInterval(3600)
        let network = StubNetwork(refreshed: fresh)
        let tool = Tool(home: self.tool.home, network: network)
        let result = await tool.run(
            ["git-credential", "get"], stdin: "protocol=https\nhost=git.example.com\n")
        Secret.expectEqual(
            result.stdout.hasPrefix("username=alice\npassword=tok_fresh_0123456789\n"), true,
            "the fresh token answered")
        #expect(network.calls == [.currentCredential])
    }

    // MARK: kube-credential

    func execCredential(_ output: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    }

    @Test(arguments: [
        (nil, "client.authentication.k8s.io/v1"),
        (
            #"{"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1beta1","spec":{"interactive":false}}"#,
            "client.authentication.k8s.io/v1beta1"
        ),
    ])
    func kubeCredentialAnswersInTheAskedVersion(info: String?, version: String) async throws {
        await login("alice", server: "https://k8s.example.com", token: "tok_alice_0123456789")
        let result = await tool.run(
            ["kube-credential"], environment: info.map { [.kubernetesExecInfo: $0] } ?? [:])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let object = try execCredential(result.stdout)
        #expect(object["apiVersion"] as? String == version && object["kind"] as? String == "ExecCredential")
        let status = object["status"] as? [String: Any]
        Secret.expectEqual(status?["token"] as? String, "tok_alice_0123456789", "the token")
        let expiry = try expiry("tok_alice_0123456789")
        #expect(
            status?["expirationTimestamp"] as? String
                == ISO8601.string(from: Date(timeIntervalSince1970: Double(expiry))))
    }

    @Test func kubeCredentialRefusesWhatItCannotAnswer() async throws {
        let notLoggedIn = await tool.run(["kube-credential"])
        #expect(notLoggedIn.status == 1)
        Secret.expectEmpty(notLoggedIn.stdout, "standard output")
        #expect(notLoggedIn.stderr == "session-cli: not logged in; run 'session-cli login'\n")
        await login("alice", server: "https://k8s.example.com", token: "tok_alice_0123456789")
        let alpha = await tool.run(
            ["kube-credential"],
            environment: [.kubernetesExecInfo: #"{"apiVersion":"client.authentication.k8s.io/v1alpha1"}"#])
        #expect(alpha.status == 64)
        Secret.expectEmpty(alpha.stdout, "standard output")
        let noIDToken = await tool.run(["kube-credential", "--id-token"])
        #expect(noIDToken.status == 1 && noIDToken.stderr.contains("has no ID token"))
    }

    /// `--id-token`: the stored ID token, checked against the provider, with its `exp`.
    @Test func theIDTokenIsCheckedAndHandedOnWithItsExpiry() async throws {
        let provider = OAuthProvider(
            issuer: url("https://login.example.com"), clientID: "kube",
            tokenEndpoint: url("https://login.example.com/token"))
        let exp = Int(Date().addingTimeInterval(1800).timeIntervalSince1970)
        func jwt(_ claims: String) -> String {
            "eyJhbGciOiJub25lIn0." + Base64URLText.encode(claims) + ".c2ln"
        }
        var credential = Credential(
            token: Sample.token("tok_access_0123456789"), account: "alice",
            server: url("https://k8s.example.com"),
            expiresAt: Date().addingTimeInterval(3600), provider: provider)
        credential.idToken = try AuthToken(
            jwt(#"{"iss":"https://login.example.com","aud":"kube","exp":\#(exp)}"#))
        try tool.store.save(credential)
        let good = await tool.run(["kube-credential", "--id-token"])
        let status = try execCredential(good.stdout)["status"] as? [String: Any]
        Secret.expectEqual(status?["token"] as? String, credential.idToken?.value, "the ID token")
        #expect(
            status?["expirationTimestamp"] as? String
                == ISO8601.string(from: Date(timeIntervalSince1970: Double(exp))))
        credential.idToken = try AuthToken(
            jwt(#"{"iss":"https://evil.example.com","aud":"kube","exp":\#(exp)}"#))
        try tool.store.save(credential)
        let refused = await tool.run(["kube-credential", "--id-token"])
        #expect(refused.status == 76 && refused.stderr.contains("issuer (iss)"))
        Secret.expectEmpty(refused.stdout, "standard output")
    }

    /// An ID token about to expire is refreshed first, though the access token is not due.
    @Test func aDueIDTokenIsRefreshedFirst() async throws {
        let provider = OAuthProvider(
            issuer: url("https://login.example.com"), clientID: "kube",
            tokenEndpoint: url("https://login.example.com/token"))
        func jwt(expiringIn seconds: TimeInterval) throws -> AuthToken {
            let exp = Int(Date().addingTimeInterval(seconds).timeIntervalSince1970)
            return try AuthToken(
                "eyJhbGciOiJub25lIn0."
                    + Base64URLText.encode(#"{"iss":"https://login.example.com","aud":"kube","exp":\#(exp)}"#)
                    + ".c2ln")
        }
        var credential = Credential(
            token: Sample.token("tok_access_0123456789"), refreshToken: Sample.token("rt_0123456789"),
            account: "alice", server: url("https://k8s.example.com"),
            expiresAt: Date().addingTimeInterval(3600),
            provider: provider)
        credential.idToken = try jwt(expiringIn: 10)
        try tool.store.save(credential)
        var fresh = credential
        fresh.token = Sample.token("tok_access_fresh_0123456789")
        fresh.idToken = try jwt(expiringIn: 3600)
        let network = StubNetwork(refreshed: fresh)
        let result = await Tool(home: tool.home, network: network).run(["kube-credential", "--id-token"])
        let status = try execCredential(result.stdout)["status"] as? [String: Any]
        Secret.expectEqual(status?["token"] as? String, fresh.idToken?.value, "the new ID token")
        #expect(network.calls == [.refreshed(replacing: credential.token.fingerprint)])
    }
}

/// Base64url of a text, for JWTs made in a test.
enum Base64URLText {
    static func encode(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
