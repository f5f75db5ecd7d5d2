import Foundation
import SessionSupport
import SessionTestSupport
import Testing

@testable import SessionCore

/// The file store with sessions that keep their secrets in the keyring,
/// against ``InMemorySecretStore``: what the file holds, the order of the
/// keyring's and the file's writes, and what a failing keyring leaves.
/// (The same against a real Secret Service: `KeyringTests`, `CLIKeyringTests`.)
@Suite struct SecretsInKeyringStoreTests {
    let directory = TemporaryDirectory()
    let keyring = InMemorySecretStore()
    var path: String { directory.file("app/session.json").path }
    var store: FileLoginStateStore { FileLoginStateStore(path: path, secrets: keyring) }

    /// Every secret of the sample credential, with an ID token, a client secret and a DPoP key.
    var secrets: [String] {
        [
            Sample.secret, "rt_" + Sample.secret, "id_" + Sample.secret, "cs_" + Sample.secret,
            "dk_" + Sample.secret,
        ]
    }

    func credential(in location: SecretsLocation = .keyring) -> Credential {
        var credential = Sample.credential()
        credential.idToken = Sample.token("id_" + Sample.secret)
        credential.provider = OAuthProvider(
            issuer: url("https://login.example.com"), clientID: "cli",
            tokenEndpoint: url("https://login.example.com/token"),
            clientSecret: Sample.token("cs_" + Sample.secret))
        credential.dpopKey = Sample.token("dk_" + Sample.secret)
        credential.dpopThumbprint = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"
        credential.secretsLocation = location
        return credential
    }

    func fileText() throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func theFileKeepsEverythingButTheSecretsAndLoadGivesThemBack() throws {
        try store.save(credential())
        let text = try fileText()
        Secret.expectAbsent(secrets, in: text, "the session file")
        #expect(text.contains("\"secrets\":{"))
        #expect(text.contains("\"token\":\"sk_l********\""))
        #expect(keyring.count() == secrets.count)
        #expect(text.contains("\"dpopThumbprint\":\"0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I\""))
        Secret.expectEqual(try store.load(), .loggedIn(credential()), "the loaded session")
        // Read without its secrets, the session shows what the file holds.
        let shown = try #require(try store.loadWithoutSecrets().credential)
        #expect(shown.secretsLocation == .keyring)
        #expect(shown.token.isStandIn && shown.refreshToken?.isStandIn == true)
        #expect(shown.token.redacted == credential().token.redacted)
        #expect(shown.canRefresh && shown.provider?.isConfidential == true)
        #expect(shown.account == "alice@example.com")
    }

    @Test func aSessionInTheFileNeverAsksTheKeyring() throws {
        keyring.failWith(.noSecretService)
        try store.save(credential(in: .file))
        Secret.expectEqual(try store.load(), .loggedIn(credential(in: .file)), "the loaded session")
        try store.clear()
        #expect(try store.load() == .loggedOut)
    }

    @Test func aKeyringThatCannotBeUsedWritesNothingAndNeverPlainText() throws {
        try store.save(credential(in: .file))
        let before = try fileText()
        keyring.failWith(.noSecretService)
        #expect(throws: KeyringError.noSecretService) { try store.save(self.credential()) }
        // The file session is as it was: nothing replaced it, in plain text or otherwise.
        Secret.expectEqual(try fileText(), before, "the session file")
        #expect(keyring.count() == 0)
        // With no file before, there is still none.
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: KeyringError.noSecretService) { try store.save(self.credential()) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aKeyringThatCannotBeReadLeavesTheFileReadableWithoutSecrets() throws {
        try store.save(credential())
        keyring.failWith(.locked)
        #expect(throws: KeyringError.locked) { try store.load() }
        #expect(try store.loadWithoutSecrets().credential?.account == "alice@example.com")
        #expect(try LoginUsecase(repository: store).status().phase == .loggedIn)
    }

    @Test func aRefreshWritesANewGenerationAndDeletesTheOldOnlyAfterTheFile() async throws {
        try store.save(credential())
        let first = try #require(try store.loadWithoutSecrets().credential?.keyringGeneration)
        var refreshed = credential()
        refreshed.token = Sample.token(Sample.otherSecret)
        refreshed.refreshToken = Sample.token("rt_" + Sample.otherSecret)
        try await store.withExclusiveAccess { state in
            Secret.expectEqual(try state.load(), .loggedIn(credential()), "the session under the lock")
            try state.save(refreshed)
        }
        let second = try #require(try store.loadWithoutSecrets().credential?.keyringGeneration)
        #expect(second != first)
        #expect(keyring.count() == secrets.count)
        #expect(!keyring.holds(Sample.token(Sample.secret)))
        Secret.expectEqual(try store.load(), .loggedIn(refreshed), "the refreshed session")
        Secret.expectAbsent([Sample.otherSecret], in: try fileText(), "the session file")
    }

    @Test func aFileThatCannotBeWrittenTakesBackWhatTheKeyringWasGiven() throws {
        try store.save(credential())
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o500], ofItemAtPath: directory.file("app").path)
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o700], ofItemAtPath: directory.file("app").path)
        }
        guard getuid() != 0 else { return }  // root writes anywhere
        var refreshed = credential()
        refreshed.token = Sample.token(Sample.otherSecret)
        #expect(throws: SessionFileError.self) { try store.save(refreshed) }
        #expect(keyring.count() == 4)
        #expect(!keyring.holds(refreshed.token))
        Secret.expectEqual(try store.load(), .loggedIn(credential()), "the session")
    }

    @Test func theItemsALogoutLeavesBehindAreSaidAndAFileSessionIsGone() throws {
        try store.save(credential())
        let key = credential().key
        keyring.failWith(.noSessionBus(reason: "DBUS_SESSION_BUS_ADDRESS is not set"))
        let removed = try #require(try store.removeSession(key))
        #expect(removed.secretsError is KeyringError)
        #expect(removed.cleanupError is KeyringError)
        #expect(removed.credential.token.isStandIn)
        #expect(try store.loadWithoutSecrets() == .loggedOut)
        keyring.failWith(nil)
        // A session in the file never asks the keyring; the next one kept there deletes what was left.
        try store.save(credential(in: .file))
        #expect(keyring.count(for: key) == secrets.count)
        try store.save(credential())
        #expect(keyring.count(for: key) == secrets.count)
        try store.clear()
        #expect(keyring.count(for: key) == 0)
    }

    @Test func aLogoutDeletesTheItemsAndGivesTheSecretsToRevoke() throws {
        try store.save(credential())
        var other = credential()
        other.account = "bob"
        try store.repository(for: other.key).save(other)
        #expect(keyring.count() == 2 * secrets.count)
        let removed = try #require(try store.removeSession(credential().key))
        #expect(removed.secretsError == nil && removed.cleanupError == nil)
        Secret.expectEqual(removed.credential, credential(), "the removed session")
        #expect(keyring.count() == secrets.count)
        let all = try store.removeAllSessions()
        #expect(all.count == 1 && all.first?.credential.refreshToken?.isStandIn == false)
        #expect(keyring.count() == 0)
    }

    /// Moves the default session's secrets to `location`.
    func move(to location: SecretsLocation) throws {
        try store.update { state in
            guard var moved = state.credential else { return }
            moved.secretsLocation = location
            state = .loggedIn(moved)
        }
    }

    @Test func movingTheSecretsKeepsThemInTheKeyringBeforeTheFileLosesThem() throws {
        try store.save(credential(in: .file))
        try move(to: .keyring)
        Secret.expectAbsent(secrets, in: try fileText(), "the session file")
        #expect(keyring.count() == secrets.count)
        Secret.expectEqual(try store.load(), .loggedIn(credential()), "the moved session")
        // And back: the file holds them again, the keyring nothing.
        try move(to: .file)
        #expect(try fileText().contains(Sample.secret))
        #expect(keyring.count() == 0)
        Secret.expectEqual(try store.load(), .loggedIn(credential(in: .file)), "the session")
    }

    @Test func aReaderFindsTheNewItemsWhenAWriterReplacedThemMeanwhile() throws {
        try store.save(credential())
        let stale = try #require(try store.loadWithoutSecrets().credential)
        var refreshed = credential()
        refreshed.token = Sample.token(Sample.otherSecret)
        try store.save(refreshed)
        // The stale generation is gone; reading the file again finds the new one.
        #expect(throws: KeyringError.self) { try store.withSecrets(stale) }
        let sessions = SessionSet(
            checked: [SessionSet.Entry(credential: stale, usedAt: Date())], defaultKey: stale.key)
        Secret.expectEqual(
            try store.stateWithSecrets(.defaultSession, in: sessions), .loggedIn(refreshed), "the session")
    }

    @Test func standInsAreNeverWrittenAsSecrets() throws {
        try store.save(credential())
        var standIn = try #require(try store.loadWithoutSecrets().credential)
        standIn.secretsLocation = .file
        #expect(throws: KeyringError.self) { try store.save(standIn) }
        #expect(try store.loadWithoutSecrets().credential?.secretsLocation == .keyring)
    }

    @Test func aFileWithBothASecretAndTheKeyringIsRefused() throws {
        try store.save(credential())
        let text = try fileText().replacingOccurrences(
            of: "\"secrets\":{", with: "\"token\":\"x\",\"secrets\":{")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: SessionFileError.self) { try store.loadWithoutSecrets() }
    }
}
