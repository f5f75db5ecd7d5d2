import Foundation
import SessionSupport
import SessionSystem
import SessionTestSupport
import Testing

@testable import SessionCore
@testable import SessionNetworking

/// The library's machine sign-ins: a platform token is checked before it is
/// sent, and an application's own source (a closure) signs in and renews
/// at a real provider (Authlib's JWT bearer grant, `machine_identity`).
@Suite struct MachineSignInTests {
    /// A JWT-shaped token whose payload is `claims` (unsigned: only its claims are read here).
    static func token(_ claims: String) -> String {
        "eyJhbGciOiJSUzI1NiJ9." + Base64URL.encode(Data(claims.utf8)) + ".c2lnbmF0dXJl"
    }

    @Test func aPlatformTokenIsCheckedBeforeItIsSent() throws {
        let source = AssertionSource.file("/run/token")
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let fresh = Self.token(#"{"exp": 2000000300, "sub": "job"}"#)
        #expect(try PlatformToken.check(fresh, from: source, now: now).value == fresh)
        // Not a JWT: nothing to read, so it goes as it is; the provider judges it.
        #expect(
            try PlatformToken.check("opaque-token-0123", from: source, now: now).value == "opaque-token-0123")
        let refusals: [(String, String)] = [
            (Self.token(#"{"exp": 1999999999}"#), "it expired at 2033-05-18T03:33:19Z"),
            ("", "it is empty"),
            ("two\nlines", "it is not a token (the token contains a line feed (LF) at byte 4"),
            (String(repeating: "a", count: 70_000), "it is larger than 64 KiB"),
        ]
        for (text, reason) in refusals {
            do {
                _ = try PlatformToken.check(text, from: source, now: now)
                Issue.record("accepted: \(reason)")
            } catch PlatformTokenError.unavailable(let from, let said) {
                #expect(from == source && said.hasPrefix(reason), "\(said)")
            }
        }
    }

    @Test func anApplicationsSourceThatHangsOrFailsEndsInWords() async throws {
        let hangs = AssertionSource.application(name: "stuck") {
            // Never answers: a stream that never yields, ended only by cancellation.
            for await _ in AsyncStream<Int>(Int.self, { _ in }) {}
            throw CancellationError()
        }
        await #expect(throws: PlatformTokenError.unreachable(source: hangs, reason: "no token within 1 s")) {
            try await PlatformToken.read(
                hangs, transport: StubTransport(.failure(.notConnectedToInternet)), limit: .seconds(1),
                now: Date())
        }
        struct Vault: Error {}
        let fails = AssertionSource.application(name: "vault") { throw Vault() }
        await #expect(
            throws: PlatformTokenError.unavailable(
                source: fails, reason: "the application's source failed (Vault)")
        ) {
            try await PlatformToken.read(
                fails, transport: StubTransport(.failure(.notConnectedToInternet)), limit: .seconds(60),
                now: Date())
        }
    }

    @Test func anApplicationsSourceSignsInAndRenewsThroughTheRefresher() async throws {
        try await withPeer(try await PinnedPythonServer.start(.machineIdentity)) { server in
            let audience = server.base.absoluteString + "/token"
            let asked = Locked(0)
            let vault = AssertionSource.application(name: "vault") {
                asked.withLock { $0 += 1 }
                return try await server.request("/test/mint?audience=" + audience)
            }
            let metadata = try await ProviderMetadata.discover(issuer: server.base)
            let flow = JWTBearerFlow(
                configuration: OAuthConfiguration(metadata: metadata, clientID: "ci-bearer"), assertion: vault
            )
            let directory = TemporaryDirectory()
            let store = FileLoginStateStore(fileURL: directory.file("session.json"))
            let signedIn = try #require(try await Login(provider: flow).perform(with: store).credential)
            #expect(signedIn.provider?.machine == MachineSignIn(source: vault, grant: .jwtBearer))
            #expect(asked.withLock { $0 } == 1)

            // Expired: a refresher without the application's source cannot renew, and says why.
            var expired = signedIn
            expired.tokenIssuedAt = Date().addingTimeInterval(-3600)
            expired.expiresAt = Date().addingTimeInterval(-10)
            try store.save(expired)
            await #expect(
                throws: PlatformTokenError.unavailable(
                    source: vault, reason: "the application gave no source named vault")
            ) {
                try await TokenRefresher(repository: store).currentCredential()
            }
            // Given the source again, it reads a fresh token and runs the grant again.
            let renewed = try #require(
                try await TokenRefresher(repository: store, assertionSources: [vault]).currentCredential())
            #expect(renewed.token != signedIn.token)
            #expect(asked.withLock { $0 } == 2)
            #expect(try await server.counts()["jwt_bearer"] == 2)
        }
    }
}
