import Foundation
import SessionSupport
import SessionTestSupport
import Testing

@testable import SessionCore

/// The file store with its secrets in a real Secret Service: Debian's
/// gnome-keyring on a private session bus (`KeyringTestSession`), read back
/// with `secret-tool` as a person would. Skipped with one line where
/// gnome-keyring is not installed, unless `SESSION_TESTS_REQUIRE_KEYRING=1`.
@Suite(
    .tags(.keyring, .python),
    .enabled(
        if: KeyringTestSession.isInstalled || KeyringTestSession.isRequired,
        "gnome-keyring is not installed; run 'apt-get install gnome-keyring dbus libsecret-tools' to run the keyring tests"
    ))
struct KeyringTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("session.json").path }

    func store(address: String?, runtimeDirectory: String? = nil) -> FileLoginStateStore {
        FileLoginStateStore(path: path) { path in
            KeyringSecretStore(
                application: "session-test", storePath: path, address: address,
                runtimeDirectory: runtimeDirectory)
        }
    }

    func credential(_ secret: String = Sample.secret) -> Credential {
        var credential = Sample.credential(secret: secret)
        credential.provider = OAuthProvider(
            issuer: url("https://login.example.com"), clientID: "cli",
            tokenEndpoint: url("https://login.example.com/token"), clientSecret: Sample.token("cs_" + secret))
        credential.secretsLocation = .keyring
        return credential
    }

    func secrets(_ secret: String) -> [String] { [secret, "rt_" + secret, "cs_" + secret] }

    func requireKeyring() throws {
        try #require(
            KeyringTestSession.isInstalled,
            "SESSION_TESTS_REQUIRE_KEYRING=1 but \(KeyringTestSession.skipReason)")
    }

    @Test func theSecretsAreItemsInTheKeyringAndTheFileHasNone() async throws {
        try requireKeyring()
        try await withKeyring { keyring in
            let store = store(address: keyring.address)
            try await offThePool { try store.save(self.credential()) }
            Secret.expectAbsent(
                secrets(Sample.secret), in: try Data(contentsOf: URL(fileURLWithPath: path)), "the file")

            let items = try await keyring.items(matching: ["application": "session-test"])
            #expect(items.count == 3)
            Secret.expectEqual(Set(items.map(\.secret)), Set(secrets(Sample.secret)), "the items")
            // Each is found by the session's key and its kind, and named for a person.
            let key = [
                "application": "session-test", "store": path, "server": "https://api.example.com:8443",
                "account": "alice@example.com",
            ]
            for (kind, words) in [
                ("access-token", "access token"), ("refresh-token", "refresh token"),
                ("client-secret", "client secret"),
            ] {
                let found = try await keyring.items(matching: key.merging(["kind": kind]) { $1 })
                #expect(
                    found.map(\.label) == [
                        "session-test: alice@example.com on https://api.example.com:8443 (\(words))"
                    ])
            }

            Secret.expectEqual(
                try await offThePool { try store.load() }, .loggedIn(credential()), "the session read back")
        }
    }

    @Test func aNewPairReplacesTheOldItemsAndLogoutDeletesThem() async throws {
        try requireKeyring()
        try await withKeyring { keyring in
            let store = store(address: keyring.address)
            try await offThePool {
                try store.save(self.credential())
                try store.save(self.credential(Sample.otherSecret))
            }
            let items = try await keyring.items(matching: ["application": "session-test"])
            Secret.expectEqual(
                Set(items.map(\.secret)), Set(secrets(Sample.otherSecret)), "the items after a new pair")
            Secret.expectEqual(
                try await offThePool { try store.load() }, .loggedIn(credential(Sample.otherSecret)),
                "the new session")

            try await offThePool { try store.clear() }
            #expect(try await keyring.items(matching: ["application": "session-test"]).isEmpty)
            #expect(try await offThePool { try store.load() } == .loggedOut)
        }
    }

    @Test func anItemDeletedOutsideTheToolIsAMissingSecretNotAWrongOne() async throws {
        try requireKeyring()
        try await withKeyring { keyring in
            let store = store(address: keyring.address)
            try await offThePool { try store.save(self.credential()) }
            _ = try await keyring.secretTool([
                "clear", "application", "session-test", "kind", "refresh-token",
            ])
            await #expect(throws: KeyringError.missingSecret(item: "refresh token")) {
                try await offThePool { try store.load() }
            }
            #expect(try store.loadWithoutSecrets().credential?.account == "alice@example.com")
        }
    }

    @Test func aLockedKeyringWithNoPromptIsLockedAndNothingIsWritten() async throws {
        try requireKeyring()
        try await withKeyring(.locked) { keyring in
            let store = store(address: keyring.address)
            await #expect(throws: KeyringError.locked) {
                try await offThePool { try store.save(self.credential()) }
            }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func aBusWithoutASecretServiceSaysSo() async throws {
        try requireKeyring()
        try await withKeyring(.noSecretService) { keyring in
            let store = store(address: keyring.address)
            await #expect(throws: KeyringError.noSecretService) {
                try await offThePool { try store.save(self.credential()) }
            }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func noBusIsNoSessionBus() throws {
        let nowhere = directory.file("no-bus").path
        for store in [store(address: "unix:path=\(nowhere)"), store(address: nil, runtimeDirectory: nowhere)]
        {
            do {
                try store.save(credential())
                Issue.record("a save with no bus succeeded")
            } catch let error as KeyringError {
                guard case .noSessionBus = error else {
                    Issue.record("a save with no bus failed with \(error)")
                    continue
                }
            }
        }
        let none = store(address: nil, runtimeDirectory: nil)
        #expect(throws: KeyringError.self) { try none.save(self.credential()) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aDaemonThatDiesLeavesTheFileReadableAndTheNextCallFailsCleanly() async throws {
        try requireKeyring()
        try await withKeyring { keyring in
            let store = store(address: keyring.address)
            try await offThePool { try store.save(self.credential()) }
            keyring.killDaemon()
            await #expect(throws: KeyringError.self) { try await offThePool { try store.load() } }
            await #expect(throws: KeyringError.self) {
                try await offThePool { try store.save(self.credential(Sample.otherSecret)) }
            }
            let shown = try #require(try store.loadWithoutSecrets().credential)
            #expect(shown.token.isStandIn && shown.account == "alice@example.com")
            Secret.expectAbsent(
                secrets(Sample.secret) + secrets(Sample.otherSecret),
                in: try Data(contentsOf: URL(fileURLWithPath: path)), "the file")
        }
    }
}
