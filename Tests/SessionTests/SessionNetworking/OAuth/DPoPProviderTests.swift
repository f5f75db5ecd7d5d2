import Foundation
import Session
import SessionSupport
import SessionTestSupport
import Testing

@testable import SessionNetworking

/// DPoP against a real provider on loopback, Debian's Glewlwyd 2.7.5: a
/// machine's session bound to a new key at the token endpoint, renewed
/// with the same key, and the provider's refusals of a replayed proof and
/// of a proof for another URL. Skipped with one line where Glewlwyd is not
/// installed, unless `SESSION_TESTS_REQUIRE_GLEWLWYD=1`.
@Suite(
    .tags(.python), .timeLimit(.minutes(2)),
    .enabled(
        if: GlewlwydProvider.isInstalled || GlewlwydProvider.isRequired,
        "Glewlwyd is not installed; run 'apt-get install glewlwyd' to run the DPoP provider tests"))
struct DPoPProviderTests {
    func configuration(_ provider: GlewlwydProvider) async throws -> OAuthConfiguration {
        let metadata = try await ProviderMetadata.discover(issuer: provider.issuer)
        var configuration = OAuthConfiguration(
            metadata: metadata, clientID: "machine", clientSecret: try AuthToken(provider.machineSecret),
            scopes: ["api"])
        configuration.usesDPoP = true
        return configuration
    }

    /// The access token's `cnf.jkt` (Glewlwyd's tokens are JWTs).
    func boundThumbprint(_ token: AuthToken) throws -> String? {
        let parts = token.value.split(separator: ".")
        guard parts.count == 3,
            case .object(let claims) = try JSONValue.parse(Base64URL.decode(parts[1]) ?? Data()),
            case .object(let cnf)? = claims["cnf"], case .string(let jkt)? = cnf["jkt"]
        else { return nil }
        return jkt
    }

    @Test func aMachinesTokenIsBoundToItsKeyAndRenewedWithIt() async throws {
        try await withGlewlwyd { provider in
            let credential = try await ClientCredentialsFlow(configuration: try await configuration(provider))
                .credential()
            let thumbprint = try #require(credential.dpopThumbprint)
            #expect(credential.dpopKey != nil)
            #expect(try boundThumbprint(credential.token) == thumbprint, "cnf.jkt names the session's key")

            // Renewed (the grant again, under the store's lock) with a proof of the same key.
            var expired = credential
            expired.expiresAt = Date().addingTimeInterval(-60)
            let store = InMemoryLoginStateStore(.loggedIn(expired))
            let renewed = try #require(try await TokenRefresher(repository: store).currentCredential())
            #expect(renewed.token != credential.token)
            #expect(renewed.dpopThumbprint == thumbprint && renewed.dpopKey == credential.dpopKey)
            #expect(try boundThumbprint(renewed.token) == thumbprint)

            // Without DPoP the same client gets a bearer token, and no key.
            var bearer = try await configuration(provider)
            bearer.usesDPoP = false
            let plain = try await ClientCredentialsFlow(configuration: bearer).credential()
            let plainThumbprint = try boundThumbprint(plain.token)
            #expect(plain.dpopKey == nil && plainThumbprint == nil)
        }
    }

    /// The provider refuses a proof sent twice (its `jti` is spent) and a
    /// proof made for another URL.
    @Test func theProviderRefusesAReplayedProofAndOneForAnotherURL() async throws {
        try await withGlewlwyd { provider in
            let configuration = try await configuration(provider)
            let endpoint = configuration.metadata.tokenEndpoint
            let key = try SigningKey.generateP256()
            let transport = ConnectionSettings().transport()
            func send(proof: String) async throws -> Int {
                var request = URLRequest(url: endpoint)
                request.httpMethod = "POST"
                request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                request.setValue(proof, forHTTPHeaderField: "DPoP")
                let credentials = Data("machine:\(provider.machineSecret)".utf8).base64EncodedString()
                request.setValue("Basic \(credentials)", forHTTPHeaderField: "Authorization")
                request.httpBody = Data("grant_type=client_credentials&scope=api".utf8)
                return try await transport.send(request).1.statusCode
            }
            let proof = try DPoPProof.make(key: key, method: "POST", url: endpoint)
            #expect(try await send(proof: proof) == 200)
            // RFC 9449 §5 asks for 400; Glewlwyd 2.7.5 answers 403 (invalid_dpop_proof).
            #expect([400, 403].contains(try await send(proof: proof)), "a replayed proof")
            let elsewhere = try DPoPProof.make(
                key: key, method: "POST", url: try #require(URL(string: endpoint.absoluteString + "/other")))
            #expect([400, 403].contains(try await send(proof: elsewhere)), "a proof for another URL")
        }
    }
}
