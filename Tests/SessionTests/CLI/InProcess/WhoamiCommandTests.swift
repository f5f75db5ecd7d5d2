import Foundation
import SessionCLIKit
import SessionCore
import Testing

/// `whoami` in this process, against a stub network: what it prints in both
/// languages and as JSON, and what it refuses before asking the network.
@Suite struct WhoamiCommandTests {
    @Test func itPrintsWhatTheProviderSaysOfTheAccount() async throws {
        let network = StubNetwork(
            account: UserInfo(subject: "42", preferredUsername: "alice", name: "Alice Liddell", email: nil))
        let tool = Tool(network: network)
        try tool.store.save(CommandNetworkTests.session(expiresIn: 3600))
        let result = await tool.run(["whoami"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                Account:   alice
                Name:      Alice Liddell
                E-mail:    not said
                Subject:   42
                Provider:  https://login.example.com

                """)
        #expect(network.calls == [.userInfo])

        let japanese = await tool.run(["whoami", "--lang", "ja"])
        #expect(japanese.stdout.contains("アカウント:") && japanese.stdout.contains("返されていません"))

        let json = await tool.run(["whoami", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["sub"] as? String == "42" && object?["preferred_username"] as? String == "alice")
        #expect(object?["email"] is NSNull && object?["issuer"] as? String == "https://login.example.com")
    }

    /// A pasted token has no provider to ask, and no session is no session:
    /// both say so and exit 1 without the network.
    @Test func aPastedTokenOrNoSessionExitsOneWithoutTheNetwork() async throws {
        let tool = Tool(network: nil)
        let nothing = await tool.run(["whoami"])
        #expect(
            nothing.status == 1 && nothing.stderr == "session-cli: not logged in; run 'session-cli login'\n")
        try tool.store.save(
            Credential(token: Sample.token(), account: "bob", server: url("https://api.example.com")))
        let pasted = await tool.run(["whoami"])
        #expect(pasted.status == 1)
        #expect(pasted.stderr.hasPrefix("session-cli: bob on https://api.example.com has no provider to ask"))
    }
}
