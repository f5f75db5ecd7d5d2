import Foundation
import SessionSupport
import Testing

@testable import SessionCore

/// Many sessions in one store, by the same rules in both stores: one per
/// key, one default, a login that replaces or adds and becomes the default,
/// selection that never changes it, and the default moving on when it goes.
@Suite struct ManySessionsTests {
    static func session(_ account: String?, on server: String?, token: String = "tok_0123456789abcdef")
        -> Credential
    {
        Credential(
            token: Sample.token(token), account: account, server: server.map(url), issuedAt: Sample.issued,
            expiresAt: Sample.expiry)
    }

    @Test(arguments: StoreKind.allCases)
    func aLoginAddsOrReplacesByKeyAndBecomesTheDefault(kind: StoreKind) throws {
        let (store, directory) = kind.makeStore()
        _ = directory
        let store2 = try #require(store as? any LoginStateStore)
        let alice = Self.session("alice", on: "https://api.example.com/v1")
        let bob = Self.session("bob", on: "https://api.example.com")
        try store.save(alice)
        try store.save(bob)
        #expect(try store.load().credential == bob, "a login makes its session the default")
        #expect(try store2.sessions().map(\.key) == [bob.key, alice.key])
        // The same key, another path and token: replaced, not added.
        let again = Self.session(
            "alice", on: "https://API.example.com:443/other", token: "tok_second_0123456789")
        #expect(again.key == alice.key)
        try store.save(again)
        #expect(try store2.sessions().count == 2)
        #expect(try store.load().credential == again)
    }

    @Test(arguments: StoreKind.allCases)
    func aSessionsOwnRepositoryNeverChangesTheDefault(kind: StoreKind) throws {
        let (store, directory) = kind.makeStore()
        _ = directory
        let store2 = try #require(store as? any LoginStateStore)
        let alice = Self.session("alice", on: "https://a.example.com")
        let bob = Self.session("bob", on: "https://b.example.com")
        try store.save(alice)
        try store.save(bob)
        let view = store2.repository(for: alice.key)
        #expect(try view.load().credential == alice)
        var refreshed = alice
        refreshed.token = Sample.token("tok_rotated_0123456789")
        try view.save(refreshed)
        #expect(try view.load().credential == refreshed)
        #expect(try store.load().credential == bob, "the default stayed")
        // Its update and clear are its own too.
        try view.update { $0 = .loggedOut }
        #expect(try store2.sessions().map(\.key) == [bob.key])
        #expect(try store2.repository(for: alice.key).load() == .loggedOut)
    }

    @Test(arguments: StoreKind.allCases)
    func theMostRecentlyUsedBecomesTheDefaultWhenTheDefaultGoes(kind: StoreKind) throws {
        let (store, directory) = kind.makeStore()
        _ = directory
        let store2 = try #require(store as? any LoginStateStore)
        let sessions = ["a", "b", "c"].map { name in
            Self.session(name, on: "https://" + name + ".example.com")
        }
        for session in sessions { try store.save(session) }
        // Switching counts as use: a was used last, c is the default.
        try store2.makeDefault(sessions[1].key)
        try store2.makeDefault(sessions[0].key)
        try store2.makeDefault(sessions[2].key)
        try store.clear()
        #expect(try store.load().credential == sessions[0])
        #expect(try store2.remove(sessions[0].key) == sessions[0])
        #expect(try store.load().credential == sessions[1])
        #expect(try store2.removeAll() == [sessions[1]])
        #expect(try store.load() == .loggedOut)
        #expect(throws: LoginStateStoreError.noSuchSession(sessions[0].key)) {
            try store2.makeDefault(sessions[0].key)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aThousandSessionsAreTheMost(kind: StoreKind) throws {
        let (store, directory) = kind.makeStore()
        _ = directory
        let store2 = try #require(store as? any LoginStateStore)
        var sessions = SessionSet()
        for number in 0..<SessionLimits.sessionCount {
            try sessions.login(
                Self.session("user\(number)", on: "https://api.example.com"), at: Sample.issued)
        }
        try store2.replaceAll(with: sessions)
        #expect(
            throws: LoginStateStoreError.tooManySessions(limit: SessionLimits.sessionCount)
        ) { try store.save(Self.session("one-more", on: "https://api.example.com")) }
        #expect(try store2.sessions().count == SessionLimits.sessionCount)
        // Replacing one is still fine.
        try store.save(Self.session("user7", on: "https://api.example.com", token: "tok_new_0123456789"))
    }

    // MARK: The file

    var fixtures: URL {
        get throws {
            try #require(
                Bundle.module.url(forResource: "session-files", withExtension: nil, subdirectory: "Fixtures"))
        }
    }

    /// Files written by the releases before (version 1 by the first, 2 by
    /// the one before this) load as one default session, are left as they
    /// are by reads, and become version 3 at the next write with the
    /// session intact.
    @Test(arguments: ["v1", "v2", "v2-provider"])
    func olderFilesLoadAsOneDefaultSessionAndMigrate(name: String) throws {
        let directory = TemporaryDirectory()
        let file = directory.file("session.json")
        let old = try Data(contentsOf: try fixtures.appendingPathComponent(name + ".json"))
        try old.write(to: file)
        let store = FileLoginStateStore(fileURL: file)
        let loaded = try #require(try store.load().credential)
        #expect(try store.sessions().map(\.isDefault) == [true])
        #expect(try Data(contentsOf: file) == old, "a read rewrote the file")
        let other = Self.session("zed", on: "https://z.example.com")
        try store.repository(for: other.key).save(other)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect(object?["version"] as? Int == 3)
        #expect(try store.load().credential == loaded, "the migrated session is still the default, unchanged")
        #expect(try store.sessions().count == 2)
    }

    /// A version 3 file that breaks the rules of many sessions is refused as
    /// corrupt, naming the path and why, and left as it is.
    @Test(arguments: [
        (
            #"{"version": 3, "default": {"server": null, "account": "a"}, "default": null, "sessions": []}"#,
            #""default" is given twice"#
        ),
        (duplicateKeys, "two sessions for a on https://api.example.com"),
        (
            #"{"version": 3, "default": {"server": null, "account": "nobody"}, "sessions": [\#(entry("a"))]}"#,
            "the default names no session"
        ),
        (#"{"version": 3, "sessions": [\#(entry("a"))]}"#, "no default session"),
        (#"{"version": 3, "default": null, "sessions": {}}"#, "wrong type at sessions"),
        (
            #"{"version": 3, "default": null, "sessions": [{"credential": {"token": "abc", "issuedAt": "2026-01-01T00:00:00Z"}}]}"#,
            "missing sessions[0].usedAt"
        ),
        (
            #"{"version": 3, "default": null, "sessions": [{"server": 7, "usedAt": "2026-01-01T00:00:00Z", "credential": {}}]}"#,
            "wrong type at sessions[0].server"
        ),
        (
            #"{"version": 3, "default": null, "sessions": [{"usedAt": "2026-01-01T00:00:00Z"}]}"#,
            "missing sessions[0].credential"
        ),
        (
            #"{"version": 3, "default": null, "sessions": [{"usedAt": "2026-01-01T00:00:00Z", "credential": {"a": [}}]}"#,
            "not valid JSON"
        ),
        (#"{"version": 3, "default": null, "sessions": [7]}"#, "wrong type at sessions[0]"),
        (#"{"version": 4, "sessions": []}"#, ""),
    ])
    func brokenVersion3FilesAreRefused(json: String, reason: String) throws {
        let directory = TemporaryDirectory()
        let file = directory.file("session.json")
        try Data(json.utf8).write(to: file)
        let store = FileLoginStateStore(fileURL: file)
        do {
            _ = try store.sessions()
            Issue.record("a broken file loaded")
        } catch let error as SessionFileError {
            if reason.isEmpty {
                #expect(error == .unsupportedVersion(path: store.path, version: 4))
            } else {
                #expect(error == .corrupt(path: store.path, reason: reason))
            }
            #expect(error.description.contains(store.path))
        }
        #expect(throws: SessionFileError.self) { try store.save(Self.session("b", on: nil)) }
        #expect(try Data(contentsOf: file) == Data(json.utf8))
    }

    /// One line of `sessions`: the key as the file writes it (the origin),
    /// and a credential on `server`.
    static func entry(_ account: String, server: String = "https://api.example.com") -> String {
        #"{"server": "https://api.example.com", "account": "\#(account)", "usedAt": "2026-01-01T00:00:00Z", "refreshable": false, "credential": {"token": "tok_0123456789", "account": "\#(account)", "server": "\#(server)", "issuedAt": "2026-01-01T00:00:00Z"}}"#
    }

    static let duplicateKeys =
        #"{"version": 3, "default": {"server": "https://api.example.com", "account": "a"}, "sessions": [\#(entry("a")), \#(entry("a", server: "https://API.example.com:443/x"))]}"#

    /// A session whose key is not its credential's is found by its key, and
    /// refused as corrupt when it is used, naming both.
    @Test func aSessionWhoseKeyIsNotItsCredentialsIsRefusedWhenUsed() throws {
        let directory = TemporaryDirectory()
        let file = directory.file("session.json")
        let json =
            #"{"version": 3, "default": {"server": "https://api.example.com", "account": "a"}, "sessions": [\#(Self.entry("a", server: "https://evil.example.com"))]}"#
        try Data(json.utf8).write(to: file)
        let store = FileLoginStateStore(fileURL: file)
        #expect(
            throws: SessionFileError.corrupt(
                path: store.path,
                reason:
                    "the session of a on https://api.example.com holds the credential of a on https://evil.example.com"
            )
        ) { try store.load() }
        #expect(throws: SessionFileError.self) { try store.sessions() }
        #expect(try Data(contentsOf: file) == Data(json.utf8))
    }

    /// The file round-trips every session, in order, with the default and when each was used.
    @Test func theFileKeepsEverySessionTheDefaultAndWhenEachWasUsed() throws {
        let directory = TemporaryDirectory()
        let store = FileLoginStateStore(fileURL: directory.file("app/session.json"))
        let sessions = [
            Self.session("alice", on: "https://a.example.com"), Self.session(nil, on: nil),
            Self.session("bob", on: "http://127.0.0.1:8080"),
        ]
        for session in sessions { try store.save(session) }
        try store.makeDefault(sessions[0].key)
        let reopened = FileLoginStateStore(fileURL: directory.file("app/session.json"))
        #expect(try reopened.sessions().map(\.credential) == [sessions[0], sessions[2], sessions[1]])
        #expect(try reopened.load().credential == sessions[0])
        #expect(permissions(ofPath: reopened.path) == 0o600)
    }
}

extension Sample {
    /// A fixed issue date with a fraction, for sessions that must compare equal.
    static let issued = Date(timeIntervalSince1970: 1_790_000_000.987)
}

extension LoginStateStore {
    /// Puts `sessions` in the store as they are, for a test that needs many at once.
    func replaceAll(with sessions: SessionSet) throws {
        guard let storage = self as? any SessionStorage else { return }
        try storage.changeSessions(.save) { $0 = sessions }
    }
}
