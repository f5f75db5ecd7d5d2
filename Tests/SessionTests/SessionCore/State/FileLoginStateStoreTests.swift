import Foundation
import SessionCore
import Testing

@Suite struct FileLoginStateStoreTests {
    let directory = TemporaryDirectory()
    var fileURL: URL { directory.file("state/app/session.json") }
    var path: String { fileURL.path }
    var store: FileLoginStateStore { FileLoginStateStore(fileURL: fileURL) }

    /// Writes a valid session and returns its bytes.
    func savedBytes() throws -> Data {
        try store.save(Sample.credential())
        return try Data(contentsOf: fileURL)
    }

    /// Puts `bytes` at the session path and checks that loading fails with a
    /// `SessionFileError` and leaves the bytes exactly as they were.
    func expectRefusal(of bytes: Data, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> SessionFileError?
    {
        try bytes.write(to: fileURL)
        var refusal: SessionFileError?
        do {
            let state = try store.load()
            Issue.record(
                "loaded \(state.credential == nil ? "logged out" : "a session")",
                sourceLocation: sourceLocation)
        } catch let error as SessionFileError {
            refusal = error
            #expect(error.path == path, sourceLocation: sourceLocation)
            Secret.expectAbsent(
                [Sample.secret], in: error.description, "the error", sourceLocation: sourceLocation)
        }
        #expect(
            try Data(contentsOf: fileURL) == bytes, "the read changed the file",
            sourceLocation: sourceLocation)
        return refusal
    }

    @Test func noFileIsLoggedOut() throws {
        #expect(try store.load() == .loggedOut)
        #expect(try !store.hasInsecurePermissions())
        try store.clear()
    }

    @Test func roundTripsEveryFieldExactly() throws {
        let credential = Sample.credential()
        try store.save(credential)
        #expect(try FileLoginStateStore(fileURL: fileURL).load() == .loggedIn(credential))
        let minimal = Credential(token: Sample.token(), issuedAt: Date(timeIntervalSince1970: 5.5))
        try store.save(minimal)
        #expect(try store.load() == .loggedIn(minimal))
        var bound = Sample.credential()
        bound.dpopKey = Sample.token("dk_" + Sample.secret)
        bound.dpopThumbprint = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"
        try store.save(bound)
        #expect(try store.load() == .loggedIn(bound))
        #expect(try store.sessionSummary()?.dpopThumbprint == bound.dpopThumbprint)
        // A client with a key keeps where the key is, never a secret.
        var keyed = Sample.credential()
        keyed.provider = OAuthProvider(
            issuer: try #require(URL(string: "https://login.example.com")), clientID: "ci",
            tokenEndpoint: try #require(URL(string: "https://login.example.com/token")),
            clientAuthentication: .privateKeyJWT, usesClientCredentials: true,
            clientKey: ClientKey(path: "/etc/ci/key.pem", keyID: "ci-1", audience: .issuer))
        keyed.refreshToken = nil
        try store.save(keyed)
        #expect(try store.load() == .loggedIn(keyed))
        #expect(try store.sessionSummary()?.provider?.clientKey?.path == "/etc/ci/key.pem")
        #expect(try store.load().credential?.canRefresh == true, "the grant runs again with the key")
        let text = try String(contentsOf: fileURL, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"/etc/ci/key.pem\"", with: "\"key.pem\"").utf8).write(
            to: fileURL)
        #expect(throws: SessionFileError.self, "a relative key path") {
            try FileLoginStateStore(fileURL: fileURL).load()
        }
    }

    /// A DPoP key without its thumbprint, or a thumbprint that is not one, is a corrupt file.
    @Test func aDPoPKeyGoesWithItsThumbprint() throws {
        var bound = Sample.credential()
        bound.dpopKey = Sample.token("dk_" + Sample.secret)
        bound.dpopThumbprint = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"
        try store.save(bound)
        let text = try String(contentsOf: fileURL, encoding: .utf8)
        for broken in [
            text.replacingOccurrences(
                of: ",\"dpopThumbprint\":\"0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I\"", with: ""),
            text.replacingOccurrences(of: "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I", with: "short"),
        ] {
            #expect(broken != text)
            try Data(broken.utf8).write(to: fileURL)
            #expect(throws: SessionFileError.self) { try FileLoginStateStore(fileURL: fileURL).load() }
        }
    }

    /// Version 2 adds the scopes and the provider; both round-trip exactly.
    @Test func roundTripsTheProviderAndScopes() throws {
        var credential = Sample.credential()
        credential.scopes = ["openid", "read"]
        credential.refreshedAt = [Date(timeIntervalSince1970: 1_800_000_000.7)]
        credential.provider = OAuthProvider(
            issuer: url("https://login.example.com"), clientID: "cli",
            tokenEndpoint: url("https://login.example.com/o/token/"),
            revocationEndpoint: url("https://login.example.com/o/revoke_token/"))
        try store.save(credential)
        #expect(try FileLoginStateStore(fileURL: fileURL).load() == .loggedIn(credential))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: fileURL)) as? [String: Any]
        let saved = (object?["sessions"] as? [[String: Any]])?.first?["credential"] as? [String: Any]
        #expect(saved?["scopes"] as? [String] == ["openid", "read"])
        #expect((saved?["provider"] as? [String: Any])?["clientID"] as? String == "cli")
    }

    /// A file written by the previous version loads unchanged, and is left
    /// alone by reads; the next write makes it version 2.
    /// The client's secret, how it authenticates, the fixed redirect and the
    /// token's own issue date round-trip too; dates before 1582 do not
    /// move (JSONEncoder wrote them in the Julian calendar, and every save
    /// shifted them by days: the fuzz target found it).
    @Test func roundTripsTheClientTheRedirectAndDatesOfAnyYear() throws {
        // 1013-11-22T09:49:05Z and 0026-01-01T00:00:00Z, proleptic Gregorian.
        var credential = Sample.credential(expiresAt: Date(timeIntervalSince1970: -30_171_881_455))
        credential.issuedAt = Date(timeIntervalSince1970: -61_346_678_400)
        credential.tokenIssuedAt = Date(timeIntervalSince1970: 1_800_000_100)
        credential.provider = OAuthProvider(
            issuer: url("https://login.example.com"), clientID: "cli",
            tokenEndpoint: url("https://login.example.com/token"),
            clientSecret: Sample.token(Sample.otherSecret),
            clientAuthentication: .clientSecretPost, redirect: LoopbackRedirect(host: .localhost, port: 8400))
        try store.save(credential)
        let loaded = try #require(try FileLoginStateStore(fileURL: fileURL).load().credential)
        Secret.expectEqual(loaded, credential, "the loaded credential")
        try store.save(loaded)
        Secret.expectEqual(try store.load().credential, credential, "the credential saved twice")
        #expect(
            try String(contentsOf: fileURL, encoding: .utf8).contains(
                #""expiresAt":"1013-11-22T09:49:05Z""#))
    }

    @Test func aVersion1FileLoadsAndTheNextWriteUpgradesIt() throws {
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = Data(
            #"{"version": 1, "credential": {"token": "sk_live_9f8e7d6c5b4a3210", "account": "alice", "issuedAt": "2026-01-01T00:00:00Z"}}"#
                .utf8)
        try old.write(to: fileURL)
        let loaded = try #require(try store.load().credential)
        #expect(loaded.account == "alice" && loaded.scopes.isEmpty && loaded.provider == nil)
        #expect(try Data(contentsOf: fileURL) == old)
        try store.update { state in
            guard var credential = state.credential else { return }
            credential.account = "alice2"
            state = .loggedIn(credential)
        }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: fileURL)) as? [String: Any]
        #expect(object?["version"] as? Int == 3)
        #expect(try store.load().credential?.account == "alice2")
        #expect(try store.sessions().count == 1, "the edited session moved to its new key")
    }

    @Test func writesVersionedJSONWithISODates() throws {
        let object = try JSONSerialization.jsonObject(with: savedBytes()) as? [String: Any]
        #expect(object?["version"] as? Int == 3)
        let session = (object?["sessions"] as? [[String: Any]])?.first
        #expect((session?["usedAt"] as? String)?.hasSuffix("Z") == true)
        let credential = session?["credential"] as? [String: Any]
        #expect(credential?["issuedAt"] as? String == "2026-09-21T14:13:20Z")
        #expect(credential?["server"] as? String == "https://api.example.com:8443")
    }

    @Test func fileIs0600AndFoldersAre0700() throws {
        try store.save(Sample.credential())
        #expect(permissions(ofPath: path) == 0o600)
        #expect(permissions(ofPath: directory.file("state/app").path) == 0o700)
        #expect(permissions(ofPath: directory.file("state").path) == 0o700)
        #expect(permissions(ofPath: path + ".lock") == 0o600)
    }

    @Test func fileIs0600EvenUnderAPermissiveUmask() throws {
        let old = umask(0)
        defer { umask(old) }
        try store.save(Sample.credential())
        #expect(permissions(ofPath: path) == 0o600)
    }

    @Test func leavesNoTemporaryFileBehind() throws {
        for _ in 0..<5 { try store.save(Sample.credential()) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.file("state/app").path)
        #expect(names.sorted() == ["session.json", "session.json.lock"])
    }

    @Test func logoutLeavesNoByteOfTheTokenInTheFolder() throws {
        try store.save(Sample.credential())
        // What a writer killed mid-write leaves: a temporary file with the token.
        try Data(Sample.secret.utf8).write(to: directory.file("state/app/.session.json.tmp-dead"))
        try store.clear()
        #expect(try store.load() == .loggedOut)
        #expect(!FileManager.default.fileExists(atPath: path))
        for file in directory.allFiles() {
            Secret.expectAbsent([Sample.secret, "rt_" + Sample.secret], in: file.data, file.path)
        }
        try store.clear()
    }

    @Test func aSaveRemovesTemporaryFilesAKilledWriterLeft() throws {
        try store.save(Sample.credential())
        let leftover = directory.file("state/app/.session.json.tmp-12345")
        try Data("partial".utf8).write(to: leftover)
        try store.save(Sample.credential(secret: Sample.otherSecret))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test func truncatingTheFileAtEveryOffsetIsATypedErrorThatChangesNothing() throws {
        let bytes = try savedBytes()
        // The file ends with a newline; without it the JSON is still whole.
        for length in 0..<(bytes.count - 1) {
            let refusal = try expectRefusal(of: bytes.prefix(length))
            if length == 0 {
                #expect(refusal == .empty(path: path))
            } else {
                #expect(refusal?.isBadData == true, "length \(length)")
            }
        }
    }

    @Test func randomBytesAreATypedError() throws {
        _ = try savedBytes()
        var generator = SeededGenerator(seed: 0x5E55_1011)
        for size in [1, 2, 7, 64, 300, 4096] {
            let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(try expectRefusal(of: bytes)?.isBadData == true)
        }
    }

    static let wrongTypes = [
        #"{"version": "1", "credential": {"token": "abc", "issuedAt": "2026-01-01T00:00:00Z"}}"#,
        #"{"version": 1, "credential": {"token": 42, "issuedAt": "2026-01-01T00:00:00Z"}}"#,
        #"{"version": 1, "credential": {"token": "abc", "issuedAt": 17}}"#,
        #"{"version": 1, "credential": {"token": "abc", "issuedAt": "yesterday"}}"#,
        #"{"version": 1, "credential": {"token": "abc def", "issuedAt": "2026-01-01T00:00:00Z"}}"#,
        #"{"version": 1, "credential": {"issuedAt": "2026-01-01T00:00:00Z"}}"#,
        #"{"version": 1, "credential": []}"#,
        #"{"version": 1}"#,
        #"{"version": 0, "credential": {"token": "abc", "issuedAt": "2026-01-01T00:00:00Z"}}"#,
        #"[1, 2, 3]"#,
        #"null"#,
    ]

    @Test(arguments: wrongTypes)
    func wrongTypesAreCorrupt(json: String) throws {
        _ = try savedBytes()
        guard case .corrupt(_, let reason)? = try expectRefusal(of: Data(json.utf8)) else {
            Issue.record("not reported as corrupt")
            return
        }
        #expect(!reason.isEmpty)
        #expect(!reason.contains("abc"))
    }

    @Test func aFutureVersionIsRefusedAndNeverRewrittenByARead() throws {
        _ = try savedBytes()
        let future = Data(#"{"version": 4, "credential": {"shape": "unknown"}}"#.utf8)
        #expect(try expectRefusal(of: future) == .unsupportedVersion(path: path, version: 4))
        #expect(throws: SessionFileError.self) { try store.load() }
        #expect(try Data(contentsOf: fileURL) == future)
    }

    @Test func aDirectoryAFIFOOrASymlinkAtThePathIsRefused() throws {
        try FileManager.default.createDirectory(at: fileURL, withIntermediateDirectories: true)
        #expect(throws: SessionFileError.notRegularFile(path: path, kind: "a directory")) { try store.load() }
        #expect(throws: SessionFileError.self) { try store.clear() }
        #expect(FileManager.default.fileExists(atPath: path))
        try FileManager.default.removeItem(at: fileURL)

        #expect(mkfifo(path, 0o600) == 0)
        // Opening a FIFO for reading would block without O_NONBLOCK.
        #expect(throws: SessionFileError.notRegularFile(path: path, kind: "a FIFO")) { try store.load() }
        try FileManager.default.removeItem(at: fileURL)

        let target = directory.file("elsewhere.json")
        try store.save(Sample.credential())
        try FileManager.default.moveItem(at: fileURL, to: target)
        try FileManager.default.createSymbolicLink(at: fileURL, withDestinationURL: target)
        #expect(throws: SessionFileError.notRegularFile(path: path, kind: "a symbolic link")) {
            try store.load()
        }
    }

    @Test func anOversizedFileIsRefused() throws {
        _ = try savedBytes()
        let huge = Data(repeating: 0x20, count: (1 << 20) + 10)
        #expect(try expectRefusal(of: huge)?.isBadData == true)
    }

    @Test func aReadableByOthersFileIsReportedThenRepairedByTheNextSave() throws {
        let credential = Sample.credential()
        try store.save(credential)
        #expect(chmod(path, 0o644) == 0)
        #expect(try store.hasInsecurePermissions())
        #expect(try store.load() == .loggedIn(credential))
        #expect(permissions(ofPath: path) == 0o644, "a read must not change the file")
        try store.save(credential)
        #expect(permissions(ofPath: path) == 0o600)
        #expect(try !store.hasInsecurePermissions())
    }

    @Test func aPathThroughAFileIsAnIOErrorNamingThePath() throws {
        try Data("not a folder".utf8).write(to: directory.file("state"))
        #expect(throws: SessionFileError.self) { try store.save(Sample.credential()) }
        do {
            try store.save(Sample.credential())
        } catch let error as SessionFileError {
            #expect(!error.isBadData)
            #expect(error.description.contains(directory.file("state").path))
            #expect(error.description.contains("not a folder"))
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores file permissions"))
    func aReadOnlyFolderIsAnIOErrorAndKeepsTheSession() throws {
        let credential = Sample.credential()
        try store.save(credential)
        let folder = directory.file("state/app").path
        #expect(chmod(folder, 0o500) == 0)
        defer { chmod(folder, 0o700) }
        #expect(throws: SessionFileError.self) {
            try store.save(Sample.credential(secret: Sample.otherSecret))
        }
        #expect(try store.load() == .loggedIn(credential))
    }

    @Test func defaultLocationFollowsXDGThenHome() {
        let xdg = FileLoginStateStore.defaultFileURL(
            appName: "tool", environment: ["XDG_STATE_HOME": "/xdg/state", "HOME": "/home/u"])
        #expect(xdg.path == "/xdg/state/tool/session.json")
        let home = FileLoginStateStore.defaultFileURL(appName: "tool", environment: ["HOME": "/home/u"])
        #expect(home.path == "/home/u/.local/state/tool/session.json")
        let relative = FileLoginStateStore.defaultFileURL(
            appName: "tool", environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"])
        #expect(relative.path == "/home/u/.local/state/tool/session.json")
        #expect(!home.path.contains(".config"))
    }
}

/// A small deterministic generator (SplitMix64), so a failing random input can be reproduced.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
