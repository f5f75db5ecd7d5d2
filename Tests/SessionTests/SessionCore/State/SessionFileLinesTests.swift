import Foundation
import SessionSupport
import Testing

@testable import SessionCore

/// The session file is read by its lines when it is laid out as the store
/// writes it, and by the general reader otherwise: both read a file alike,
/// and a session's credential the line reader left unread is checked when
/// it is used or written, never passed over.
@Suite struct SessionFileLinesTests {
    let directory = TemporaryDirectory()
    var file: URL { directory.file("session.json") }
    var store: FileLoginStateStore { FileLoginStateStore(fileURL: file) }

    /// Sessions with every kind of field: a provider with a secret and a
    /// redirect, no server, text that needs escapes, refreshed dates.
    func variedSessions() throws -> [Credential] {
        var withProvider = Credential(
            token: Sample.token("tok_provider_0123456789"),
            refreshToken: Sample.token("rt_provider_0123456789"),
            account: "alice", server: url("https://api.example.com:8443/v1"), issuedAt: Sample.issued,
            expiresAt: Sample.expiry, scopes: ["openid", "read"],
            provider: OAuthProvider(
                issuer: url("https://login.example.com"), clientID: "cli",
                tokenEndpoint: url("https://login.example.com/token"),
                revocationEndpoint: url("https://login.example.com/revoke"),
                clientSecret: Sample.token(Sample.otherSecret), clientAuthentication: .clientSecretPost,
                redirect: LoopbackRedirect(host: .localhost, port: 8400)))
        withProvider.refreshedAt = [Sample.issued]
        withProvider.tokenIssuedAt = Sample.issued
        let noServer = Credential(token: Sample.token("tok_pasted_0123456789"), issuedAt: Sample.issued)
        let escaped = Credential(
            token: Sample.token("tok_escaped_0123456789"), account: "zoë \"the\" \\ admin",
            server: url("http://127.0.0.1:8080"), issuedAt: Sample.issued)
        return [withProvider, noServer, escaped] + machines()
    }

    /// A machine's session for each source and grant: what each keeps is
    /// where its platform token comes from, never the token.
    func machines() -> [Credential] {
        let kinds: [(AssertionSource, MachineGrant)] = [
            (.file("/var/run/secrets/tokens/idp"), .clientAssertion),
            (.githubActions(audience: "api://AzureADTokenExchange"), .jwtBearer),
            (.githubActions(), .clientAssertion),
            (.environment("CI_ID_TOKEN"), .jwtBearer),
            (
                .application(name: "vault") { "unused" },
                .tokenExchange(
                    TokenExchange(
                        subjectTokenType: TokenExchange.accessToken, audiences: ["a", "b \"c\""],
                        resources: ["https://api.example.com/x"], requestedTokenType: TokenExchange.jwt))
            ),
            (.file("/tmp/t"), .tokenExchange(TokenExchange())),
        ]
        return kinds.enumerated().map { index, kind in
            var provider = OAuthProvider(
                issuer: url("https://login.example.com"), clientID: "machine-\(index)",
                tokenEndpoint: url("https://login.example.com/token"),
                usesClientCredentials: kind.1 == .clientAssertion)
            provider.machine = MachineSignIn(source: kind.0, grant: kind.1)
            return Credential(
                token: Sample.token("tok_machine_\(index)_0123456789"), account: "machine-\(index)",
                server: url("https://api.example.com"), issuedAt: Sample.issued, expiresAt: Sample.expiry,
                provider: provider)
        }
    }

    @Test func aMachineRoundTripsThroughCodableToo() throws {
        for credential in machines() {
            let provider = try #require(credential.provider)
            let decoded = try JSONDecoder().decode(OAuthProvider.self, from: JSONEncoder().encode(provider))
            #expect(decoded.machine == provider.machine && decoded.machine != nil)
        }
        let unknown = #"{"source":"vault","grant":"jwt-bearer"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MachineSignIn.self, from: Data(unknown.utf8))
        }
    }

    @Test func aMachinesSourceThatCannotBeReadIsRefused() throws {
        let machine = try #require(machines().first)
        try store.save(machine)
        let text = try String(contentsOf: file, encoding: .utf8)
        for (find, replace, member) in [
            (#""source":"file""#, #""source":"vault""#, "source"),
            (#""path":"/var/run/secrets/tokens/idp""#, #""path":"relative/token""#, "path"),
            (#""grant":"client-assertion""#, #""grant":"password""#, "grant"),
            // A file someone else wrote must not make a renewal send another secret of the environment.
            (
                #""path":"/var/run/secrets/tokens/idp","source":"file""#,
                #""name":"ACTIONS_ID_TOKEN_REQUEST_TOKEN","source":"env""#, "name"
            ),
        ] {
            let edited = text.replacingOccurrences(of: find, with: replace)
            #expect(edited != text, "\(find)")
            try Data(edited.utf8).write(to: file)
            #expect(throws: SessionFileError.self, "\(member)") { try store.load() }
            do {
                _ = try store.load()
            } catch {
                #expect("\(error)".contains("machine.\(member)"), "\(error)")
            }
        }
    }

    @Test func bothReadersReadTheWrittenFileAndAReformattedOneAlike() throws {
        for session in try variedSessions() { try store.repository(for: session.key).save(session) }
        let written = [UInt8](try Data(contentsOf: file))
        let byLine = try SessionFileFormat.decode(written, path: store.path)
        let general = try SessionFileFormat.decode(written, path: store.path, byLine: false)
        #expect(try byLine.stored() == general.stored())
        let byToken = { (sessions: [Credential]) in sessions.sorted { $0.token.value < $1.token.value } }
        #expect(try byToken(byLine.stored().map(\.credential)) == byToken(variedSessions()))
        // The same document laid out another way (as `jq` or an editor
        // would) is read by the general reader, to the same sessions.
        let object = try JSONSerialization.jsonObject(with: Data(written))
        let reformatted = [UInt8](
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted]))
        #expect(try SessionFileFormat.decode(reformatted, path: store.path).stored() == byLine.stored())
    }

    /// One session whose credential is not valid JSON, in a file laid out as
    /// written: the others work, that one is refused where it is used, a
    /// write refuses to copy it, and removing it alone works.
    @Test func anUnreadableCredentialIsFoundWhenUsedOrWritten() throws {
        let alice = ManySessionsTests.session(
            "alice", on: "https://a.example.com", token: "tok_alice_0123456789")
        let bob = ManySessionsTests.session("bob", on: "https://b.example.com", token: "tok_bob_0123456789")
        try store.save(alice)
        try store.save(bob)
        let text = try String(contentsOf: file, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #""token":"tok_alice_0123456789""#, with: #""token":["#)
        #expect(broken != text)
        try Data(broken.utf8).write(to: file)
        #expect(try store.load().credential == bob, "the default is read")
        let refused = SessionFileError.corrupt(
            path: store.path, reason: "not valid JSON in sessions[0].credential")
        #expect(throws: refused) { try store.repository(for: alice.key).load() }
        #expect(throws: refused) { try store.sessions() }
        let carol = ManySessionsTests.session("carol", on: nil)
        #expect(throws: refused) { try store.save(carol) }
        #expect(try String(contentsOf: file, encoding: .utf8) == broken, "a refused write changed the file")
        try store.repository(for: alice.key).clear()
        #expect(try store.sessions().map(\.credential) == [bob])
    }

    /// A line that says another expiry or key than its credential is refused
    /// as corrupt when the credential is used: a list must not show what is not there.
    @Test(arguments: [
        (
            #","expiresAt":"EXPIRY","refreshable""#, #","expiresAt":null,"refreshable""#, "alice",
            "the line of alice on https://a.example.com does not say what its credential does"
        ),
        (
            #""account":"alice","server""#, #""account":"mallory","server""#, "mallory",
            "the session of mallory on https://a.example.com holds the credential of alice on https://a.example.com"
        ),
    ])
    func aLineThatDisagreesWithItsCredentialIsRefused(
        find: String, replace: String, account: String, reason: String
    )
        throws
    {
        try store.save(ManySessionsTests.session("alice", on: "https://a.example.com"))
        let text = try String(contentsOf: file, encoding: .utf8)
        // The line's members and the default change; the credential keeps its own.
        let edited = text.replacingOccurrences(
            of: find.replacingOccurrences(of: "EXPIRY", with: ISO8601.string(from: Sample.expiry)),
            with: replace)
        #expect(edited != text)
        try Data(edited.utf8).write(to: file)
        #expect(throws: SessionFileError.corrupt(path: store.path, reason: reason)) {
            try store.repository(for: SessionKey(server: url("https://a.example.com"), account: account))
                .load()
        }
    }
}
