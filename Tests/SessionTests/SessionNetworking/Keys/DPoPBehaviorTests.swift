import Foundation
import Session
import SessionSupport
import SessionTestSupport
import Testing

@testable import SessionNetworking

/// A session bound to a key by DPoP, through an app's ordinary
/// `NetworkClient` and `AuthTokenHeaderBehavior`, against the tests' server
/// on loopback: the header says DPoP, each request carries a fresh proof
/// for itself with the token's hash, and a server that asks for a nonce
/// gets one retry with it, which later requests reuse.
@Suite(.tags(.python)) struct DPoPBehaviorTests {
    struct Echo: Decodable, Sendable {
        let path: String
        let headers: [[String]]

        func value(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }

    func boundSession(_ server: URL) throws -> (InMemoryLoginStateStore, Credential) {
        let made = try DPoPKey.make()
        var credential = Credential(token: Sample.token(), server: server)
        credential.dpopKey = made.secret
        credential.dpopThumbprint = made.thumbprint
        return (InMemoryLoginStateStore(.loggedIn(credential)), credential)
    }

    func claims(of proof: String) throws -> (header: JSONObject, claims: JSONObject) {
        try JWTParts.read(proof)
    }

    @Test func aBoundSessionSendsDPoPWithAProofForEachRequest() async throws {
        try await withLoopbackServer { server in
            let (store, credential) = try boundSession(server.originA)
            let client = NetworkClient(
                baseURL: server.originA, transport: ConnectionSettings().transport(),
                behavior: AuthTokenHeaderBehavior(repository: store))
            let echo = try await client.send(Request<Echo>(path: "/echo?x=1"))
            #expect(echo.value("Authorization") == "DPoP \(Sample.secret)")
            let proof = try #require(echo.value("DPoP"))
            let (header, claims) = try claims(of: proof)
            guard case .object(let jwk)? = header["jwk"] else {
                Issue.record("no jwk")
                return
            }
            #expect(try JWK(jwk).thumbprint == credential.dpopThumbprint)
            #expect(claims["htm"] == .string("GET"))
            #expect(claims["htu"] == .string(server.originA.absoluteString + "/echo"))
            #expect(claims["ath"] == .string(DPoPProof.tokenHash(Sample.secret)))
            let second = try await client.send(Request<Echo>(path: "/echo"))
            #expect(second.value("DPoP") != proof, "a fresh proof each time")
        }
    }

    @Test func aServerThatAsksForANonceGetsItOnceAndAfter() async throws {
        try await withLoopbackServer { server in
            let (store, _) = try boundSession(server.originB)
            let client = NetworkClient(
                baseURL: server.originB, transport: ConnectionSettings().transport(),
                behavior: AuthTokenHeaderBehavior(repository: store))
            struct Seen: Decodable { let requests: Int }
            let counter = NetworkClient(baseURL: server.originA, transport: ConnectionSettings().transport())
            func seen() async throws -> Int {
                let answer = try await counter.send(Request<Seen>(path: "/test/seen"))
                return answer.requests
            }
            let before = try await seen()
            let first = try await client.send(Request<Echo>(path: "/dpop/nonce"))
            #expect(first.path == "/dpop/nonce")
            #expect(try await seen() - before == 3, "the refused request, its retry, and this count")
            let again = try await seen()
            _ = try await client.send(Request<Echo>(path: "/dpop/nonce"))
            #expect(try await seen() - again == 2, "the nonce is reused: one request, and this count")
            #expect(store.load() != .loggedOut, "a nonce round never ends the session")
        }
    }

    @Test func aKeyThatIsNotTheBoundOneIsNeverUsed() async throws {
        try await withLoopbackServer { server in
            var credential = Credential(token: Sample.token(), server: server.originA)
            credential.dpopKey = try DPoPKey.make().secret
            credential.dpopThumbprint = try DPoPKey.make().thumbprint
            let store = InMemoryLoginStateStore(.loggedIn(credential))
            let client = NetworkClient(
                baseURL: server.originA, transport: ConnectionSettings().transport(),
                behavior: AuthTokenHeaderBehavior(repository: store))
            await #expect(throws: (any Error).self) { try await client.send(Request<Echo>(path: "/echo")) }
        }
    }
}
