import Foundation
import SessionCLIKit
import SessionCore
import SessionSystem
import Testing

/// What each command asks of the network, and when, decided in-process
/// against a stub network: nothing for what the store can answer, the
/// right call otherwise, and always before the command changes or prints
/// anything (in `session-cli` that is where the command line goes to
/// `session-cli-api`, which runs it again from the start).
@Suite struct CommandNetworkTests {
    static let provider = OAuthProvider(
        issuer: url("https://login.example.com"), clientID: "cli",
        tokenEndpoint: url("https://login.example.com/token"),
        revocationEndpoint: url("https://login.example.com/revoke"))

    /// An OAuth session whose access token expires in `seconds`.
    static func session(expiresIn seconds: TimeInterval, token: String = "at_stored_0123456789") -> Credential
    {
        Credential(
            token: Sample.token(token), refreshToken: Sample.token("rt_stored_0123456789"), account: "alice",
            server: url("https://api.example.com"), issuedAt: Date(timeIntervalSinceNow: -3600),
            expiresAt: Date(timeIntervalSinceNow: seconds), provider: provider)
    }

    @Test func aFreshTokenIsPrintedWithoutTheNetwork() async throws {
        let tool = Tool(network: nil)
        try tool.store.save(Self.session(expiresIn: 3600))
        let result = await tool.run(["token"])
        #expect(result.status == 0)
        Secret.expectEqual(result.stdout, "at_stored_0123456789\n", "the printed token")
    }

    @Test func aDueTokenIsRefreshedThroughTheNetwork() async throws {
        let network = StubNetwork(refreshed: Self.session(expiresIn: 3600, token: "at_rotated_0123456789"))
        let tool = Tool(network: network)
        try tool.store.save(Self.session(expiresIn: 10))
        let result = await tool.run(["token"])
        #expect(result.status == 0)
        Secret.expectEqual(result.stdout, "at_rotated_0123456789\n", "the printed token")
        #expect(network.calls == [.currentCredential])
        // Without a network the same run stops before printing anything.
        try tool.store.save(Self.session(expiresIn: 10))
        let offline = await Tool(home: tool.home, network: nil).run(["token"])
        #expect(offline.status == 70 && offline.stdout.isEmpty)
    }

    @Test func anExpiredTokenThatCannotRefreshIsExit1WithoutTheNetwork() async throws {
        let tool = Tool(network: nil)
        try tool.store.save(Credential(token: Sample.token(), expiresAt: Date(timeIntervalSinceNow: -5)))
        let result = await tool.run(["token"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("has expired and cannot be refreshed"))
    }

    @Test func logoutRemovesThenRevokesWhatItRemoved() async throws {
        let network = StubNetwork()
        let tool = Tool(network: network)
        let session = Self.session(expiresIn: 3600)
        try tool.store.save(session)
        let result = await tool.run(["logout"])
        #expect(result.status == 0)
        #expect(network.calls == [.revoke(token: session.token.fingerprint)])
        #expect(result.stderr == "Revoked the grant at https://login.example.com.\n")
        #expect(result.stdout == "Logged out alice on https://api.example.com.\n")
        #expect(try tool.store.load() == .loggedOut)
    }

    /// `logout --everywhere`: the revocation and the removal first, then the
    /// provider's logout; each way it can end is said, with its exit status.
    @Test(arguments: [
        (
            ProviderSignOut.signedOut(issuer: "https://login.example.com"), Int32(0),
            "Signed out at https://login.example.com too."
        ),
        (
            .noIDToken(issuer: "https://login.example.com"), 0,
            "session-cli: note: the session has no ID token to name it to https://login.example.com"
        ),
        (
            .notOffered(issuer: "https://login.example.com"), 0,
            "session-cli: note: https://login.example.com lists no end_session_endpoint"
        ),
        (
            .failed(
                issuer: "https://login.example.com",
                reason: Message(.signInBrowserTimedOut, ["seconds": "300"]),
                timedOut: true), 75,
            "session-cli: warning: could not end your session at https://login.example.com: the browser did not come back within 300 s"
        ),
    ])
    func logoutEverywhereEndsTheProvidersSessionLast(signOut: ProviderSignOut, status: Int32, said: String)
        async throws
    {
        let network = StubNetwork(signOut: signOut)
        let tool = Tool(network: network)
        let session = Self.session(expiresIn: 3600)
        try tool.store.save(session)
        let result = await tool.run(["logout", "--everywhere", "--no-browser"])
        #expect(result.status == status, "\(result.stderr)")
        #expect(
            network.calls == [
                .revoke(token: session.token.fingerprint), .endSession(token: session.token.fingerprint),
            ])
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "Revoked the grant at https://login.example.com.")
        #expect(
            lines.contains(
                "End your session at the provider: open this URL on this machine, in the browser you signed in with:"
            ))
        #expect(lines.last?.hasPrefix(said) == true, "\(result.stderr)")
        #expect(result.stdout == "Logged out alice on https://api.example.com.\n")
        #expect(try tool.store.load() == .loggedOut, "the local session is gone whatever the browser did")
    }

    @Test func logoutEverywhereGoesAloneAndASessionWithoutAProviderIsNoted() async throws {
        let tool = Tool(network: StubNetwork())
        for arguments in [["--everywhere", "--all"], ["--everywhere", "--local"], ["--no-browser"]] {
            let result = await tool.run(["logout"] + arguments)
            #expect(result.status == 64 && result.stderr.split(separator: "\n").count == 1, "\(arguments)")
        }
        let network = StubNetwork()
        let pasted = Tool(network: network)
        try pasted.store.save(Credential(token: Sample.token(), server: url("https://api.example.com")))
        let result = await pasted.run(["logout", "--everywhere"])
        #expect(result.status == 0 && network.calls.isEmpty)
        #expect(result.stderr.contains("note: the session did not come from a sign-in at a provider"))
    }

    @Test func logoutAsksForTheNetworkBeforeItRemovesAnything() async throws {
        let tool = Tool(network: nil)
        try tool.store.save(Self.session(expiresIn: 3600))
        let result = await tool.run(["logout"])
        #expect(result.status == 70 && result.stdout.isEmpty)
        #expect(
            try tool.store.load().credential != nil, "the session was removed before the network was there")
        // --local needs none.
        #expect(await tool.run(["logout", "--local"]).status == 0)
        #expect(try tool.store.load() == .loggedOut)
    }

    @Test func aProviderWithoutRevocationIsNotedAndNeedsNoNetwork() async throws {
        let tool = Tool(network: nil)
        var session = Self.session(expiresIn: 3600)
        session.provider?.revocationEndpoint = nil
        try tool.store.save(session)
        let result = await tool.run(["logout"])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "session-cli: note: https://login.example.com lists no revocation endpoint; the grant was not revoked there\n"
        )
    }

    /// A pasted token that replaces a provider's session (the same server
    /// and account) revokes that grant, and asks for the network before it
    /// reads the token. One for another key is added beside it.
    @Test func aTokenLoginRevokesTheGrantItReplaces() async throws {
        let network = StubNetwork()
        let tool = Tool(network: network)
        let session = Self.session(expiresIn: 3600)
        try tool.store.save(session)
        let same = ["login", "--with-token", "--server", "https://api.example.com", "--user", "alice"]
        let result = await tool.run(same, stdin: "pasted_token_0123456789")
        #expect(result.status == 0)
        #expect(network.calls == [.revoke(token: session.token.fingerprint)])
        #expect(result.stderr == "Revoked the grant at https://login.example.com.\n")

        try tool.store.save(session)
        let offline = await Tool(home: tool.home, network: nil).run(same, stdin: "pasted_token_0123456789")
        #expect(offline.status == 70 && offline.stdout.isEmpty)
        #expect(try tool.store.load().credential == session)
        // A token for another key is added beside it, with no network.
        let beside = await Tool(home: tool.home, network: nil).run(
            ["login", "--with-token"], stdin: "next_0123456789")
        #expect(beside.status == 0)
        #expect(try tool.store.sessions().count == 2)
    }

    /// A device sign-in: the provider from the environment, the session
    /// saved, the grant it replaces revoked.
    @Test func aSignInSavesTheSessionAndRevokesTheOneItReplaces() async throws {
        let replaced = Self.session(expiresIn: 3600)
        var fresh = Self.session(expiresIn: 3600, token: "at_new_0123456789")
        fresh.refreshToken = Sample.token("rt_new_0123456789")
        let network = StubNetwork(signedIn: fresh)
        let tool = Tool(network: network)
        try tool.store.save(replaced)
        let result = await tool.run(
            ["login", "--device"],
            environment: [.issuer: "https://login.example.com", .clientID: "cli-device"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            network.calls == [
                .signIn(issuer: url("https://login.example.com"), clientID: "cli-device"),
                .revoke(token: replaced.token.fingerprint),
            ])
        #expect(try tool.store.load().credential == fresh)
        #expect(
            result.stdout
                == "Logged in as alice on https://api.example.com.\nReplaced the previous session (alice on https://api.example.com).\n"
        )
    }

    @Test func aDeniedSignInKeepsThePreviousSession() async throws {
        let tool = Tool(network: StubNetwork(signedIn: nil))
        let session = Self.session(expiresIn: 3600)
        try tool.store.save(session)
        let result = await tool.run(["login", "--device"])  // the stored session names the provider
        #expect(result.status == 77)
        #expect(result.stderr == "session-cli: the sign-in was denied at the provider\n")
        #expect(try tool.store.load().credential == session)
    }

    @Test func apiSaysWhatA401Did() async throws {
        let tool = Tool(
            network: StubNetwork(answer: .status(code: 401, body: Array(#"{"error":"no"}"#.utf8))))
        try tool.store.save(Self.session(expiresIn: 3600))
        let kept = await tool.run(["api", "/user"])
        #expect(kept.status == 77)
        #expect(kept.stdout == #"{"error":"no"}"#)
        #expect(
            kept.stderr
                == "session-cli: the server rejected the token (401 Unauthorized); the session was kept\n")
        let offline = await Tool(home: tool.home, network: nil).run(["api", "/user"])
        #expect(offline.status == 70 && offline.stdout.isEmpty)
    }

    @Test func sessionCLITokenGoesToTheStoredServerAndLeavesTheSessionAlone() async throws {
        let network = StubNetwork(body: Array("ok".utf8))
        let tool = Tool(network: network)
        let session = Self.session(expiresIn: 3600)
        try tool.store.save(session)
        let result = await tool.run(["api", "/user"], environment: [.token: "env_token_0123456789"])
        #expect(result.status == 0 && result.stdout == "ok")
        #expect(
            network.calls == [
                .send(
                    method: "GET", path: "/user", server: url("https://api.example.com"),
                    carriesOverride: true)
            ])
        let printed = await tool.run(["token"], environment: [.token: "env_token_0123456789"])
        Secret.expectEqual(printed.stdout, "env_token_0123456789\n", "the printed token")
        #expect(await tool.run(["logout"], environment: [.token: "x_0123456789"]).status == 64)
        #expect(try tool.store.load().credential == session)
    }
}
