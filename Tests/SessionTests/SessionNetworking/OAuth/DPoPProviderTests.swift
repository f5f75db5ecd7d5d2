import Foundation
import Session
import SessionSupport
import SessionSystem
import SessionTestSupport
import Testing

@testable import SessionNetworking

/// DPoP, pushed authorization requests and `private_key_jwt` against a real
/// provider on loopback, Debian's Glewlwyd 2.7.5: sessions of a machine and
/// of a person (device and browser) bound to a new key at the token
/// endpoint, a nonce round, userinfo with a proof, renewal with the same
/// key; the provider's refusals of a replayed proof, of a proof for another
/// URL or from another key, and of the bound token as a Bearer token; a
/// browser sign-in by push only; a client with a key and no secret.
/// Skipped with one line where Glewlwyd is not installed, unless
/// `SESSION_TESTS_REQUIRE_GLEWLWYD=1`.
@Suite(
    .tags(.python), .hangGuard,
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
        let claims = try JWTParts.read(token.value).claims
        guard case .object(let cnf)? = claims["cnf"], case .string(let jkt)? = cnf["jkt"]
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
                let credentials = Data("machine:\(provider.machineSecret)".utf8).base64EncodedString()
                let request = HTTPRequest(
                    method: .post, url: endpoint,
                    headerFields: [
                        .contentType: "application/x-www-form-urlencoded", .dpop: proof,
                        .authorization: "Basic \(credentials)",
                    ])
                let body = Data("grant_type=client_credentials&scope=api".utf8)
                return try await transport.send(request, body: .data(body)).1.status.code
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

    /// The bound session's userinfo through an app's own `NetworkClient`.
    func userinfo(_ credential: Credential, _ store: InMemoryLoginStateStore) async throws -> [String: String]
    {
        let issuer = try #require(credential.provider?.issuer)
        let client = NetworkClient(
            baseURL: try #require(credential.server), transport: ConnectionSettings().transport(),
            behavior: AuthTokenHeaderBehavior(repository: store))
        return try await client.send(Request<[String: String]>(path: issuer.path + "/userinfo"))
    }

    /// What the provider answers to the token sent as a Bearer token alone.
    func bearerStatus(_ credential: Credential) async throws -> Int {
        let endpoint = try #require(credential.provider?.issuer.appending(path: "userinfo"))
        let request = HTTPRequest(
            url: endpoint, headerFields: [.authorization: "Bearer \(credential.token.value)"])
        return try await ConnectionSettings().transport().send(request, body: nil).1.status.code
    }

    /// A person's device sign-in at a provider that wants a nonce in every
    /// proof: bound to the key, the nonce round answered, userinfo read with
    /// a proof (and refused with the token alone), renewed with the same key;
    /// the refresh token is refused with a proof from another key.
    @Test func aDeviceSignInIsBoundAndAnswersTheNonceRound() async throws {
        try await withGlewlwyd(["--dpop-nonce"]) { provider in
            let metadata = try await ProviderMetadata.discover(issuer: provider.issuer)
            var configuration = OAuthConfiguration(
                metadata: metadata, clientID: "cli", scopes: ["openid", "api"])
            configuration.usesDPoP = true
            let approval = Locked<Task<Void, any Error>?>(nil)
            let flow = DeviceAuthorizationFlow(configuration: configuration) { prompt in
                approval.withLock {
                    $0 = Task { try await provider.approveDevice(userCode: prompt.userCode) }
                }
            }
            let credential = try await flow.credential()
            try await approval.withLock { $0 }?.value
            let thumbprint = try #require(credential.dpopThumbprint)
            #expect(try boundThumbprint(credential.token) == thumbprint)
            #expect(DPoPNonces.nonce(for: metadata.tokenEndpoint) != nil, "the provider's nonce was kept")

            let store = InMemoryLoginStateStore(.loggedIn(credential))
            #expect(try await userinfo(credential, store)["sub"] != nil)
            #expect(try await bearerStatus(credential) != 200, "the bound token alone is refused")

            // The refresh token is bound too: another key's proof is refused, the session's is not.
            let refreshToken = try #require(credential.refreshToken)
            var request = HTTPRequest(
                method: .post, url: metadata.tokenEndpoint,
                headerFields: [.contentType: "application/x-www-form-urlencoded"])
            let body = Data("grant_type=refresh_token&client_id=cli&refresh_token=\(refreshToken.value)".utf8)
            request.headerFields[.dpop] = try DPoPProof.make(
                key: try SigningKey.generateP256(), method: "POST", url: metadata.tokenEndpoint,
                nonce: DPoPNonces.nonce(for: metadata.tokenEndpoint))
            let refused = try await ConnectionSettings().transport().send(request, body: .data(body)).1.status
                .code
            #expect([400, 401, 403].contains(refused), "a proof from another key")

            var expired = credential
            expired.expiresAt = Date().addingTimeInterval(-60)
            let renewing = InMemoryLoginStateStore(.loggedIn(expired))
            let renewed = try #require(try await TokenRefresher(repository: renewing).currentCredential())
            #expect(renewed.token != credential.token && renewed.dpopKey == credential.dpopKey)
            #expect(try boundThumbprint(renewed.token) == thumbprint)
        }
    }

    /// A browser sign-in at a provider that takes pushed requests only: the
    /// browser's URL carries the client and the reference alone, and the
    /// tokens are bound to the key the push and the exchange proved.
    @Test func aBrowserSignInPushesItsRequestAndIsBound() async throws {
        let port = try CLISignInTests.freePort()
        try await withGlewlwyd(["--par-required", "--redirect-uri", "http://127.0.0.1:\(port)/callback"]) {
            provider in
            let metadata = try await ProviderMetadata.discover(issuer: provider.issuer)
            #expect(
                metadata.requiresPushedAuthorizationRequests
                    && metadata.pushedAuthorizationRequestEndpoint != nil)
            var configuration = OAuthConfiguration(
                metadata: metadata, clientID: "cli", scopes: ["openid", "api"])
            configuration.usesDPoP = true
            let shown = Locked<URL?>(nil)
            let approval = Locked<Task<Void, any Error>?>(nil)
            let flow = AuthorizationCodeFlow(
                configuration: configuration, redirect: LoopbackRedirect(port: port),
                callbackTimeout: .seconds(60)
            ) { event in
                guard case .authorizationURL(let url) = event else { return }
                shown.withLock { $0 = url }
                approval.withLock { $0 = Task { try await provider.approveWeb(url) } }
            }
            let store = InMemoryLoginStateStore()
            let credential = try #require(try await Login(provider: flow).perform(with: store).credential)
            try await approval.withLock { $0 }?.value
            let url = try #require(shown.withLock { $0 })
            let names = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.map(\.name)
            #expect(names == ["client_id", "request_uri"], "nothing of the request in the browser's URL")
            #expect(try boundThumbprint(credential.token) == credential.dpopThumbprint)
            #expect(try await userinfo(credential, store)["sub"] != nil)
        }
    }

    /// A confidential client with a public key registered and no secret:
    /// signed in with a fresh assertion, renewed with another, revoked with
    /// another; a key the provider does not know, and a key file others can
    /// read, are refused.
    @Test func aClientWithAKeyAndNoSecretSignsInRenewsAndRevokes() async throws {
        try await withGlewlwyd { provider in
            let metadata = try await ProviderMetadata.discover(issuer: provider.issuer)
            var configuration = OAuthConfiguration(metadata: metadata, clientID: "keyed", scopes: ["api"])
            configuration.clientKey = ClientKey(
                path: provider.keyedPrivateKeyPath, keyID: provider.keyedKeyID)
            configuration.usesDPoP = true
            let credential = try await ClientCredentialsFlow(configuration: configuration).credential()
            #expect(credential.provider?.clientKey == configuration.clientKey)
            #expect(
                credential.provider?.clientSecret == nil
                    && credential.provider?.clientAuthentication == .privateKeyJWT)
            #expect(try boundThumbprint(credential.token) == credential.dpopThumbprint)

            var expired = credential
            expired.expiresAt = Date().addingTimeInterval(-60)
            let renewed = try #require(
                try await TokenRefresher(repository: InMemoryLoginStateStore(.loggedIn(expired)))
                    .currentCredential())
            #expect(renewed.token != credential.token)
            try await renewed.revokeGrant()

            // Another key, unknown to the provider: refused as the client.
            let folder = TemporaryDirectory()
            let stranger = folder.path + "/stranger.pem"
            let openssl = try ChildProcess(
                [
                    "/usr/bin/openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                    "-out", stranger,
                ])
            #expect(await openssl.exitStatus() == 0)
            chmod(stranger, 0o600)
            configuration.clientKey = ClientKey(path: stranger, keyID: provider.keyedKeyID)
            await #expect(throws: SignInError.self) {
                _ = try await ClientCredentialsFlow(configuration: configuration).credential()
            }
            // A key others can read is never used.
            chmod(stranger, 0o644)
            await #expect {
                _ = try await ClientCredentialsFlow(configuration: configuration).credential()
            } throws: { error in
                guard case SignInError.clientKeyUnusable(let path, let reason) = error else { return false }
                return path == stranger && reason.contains("readable by others")
            }
        }
    }

    /// A person signs in through a confidential client that proves itself
    /// with its key: on a device (the code request, each poll, the refresh
    /// and the revocation each carry a fresh assertion), and in the browser
    /// (the push and the code exchange), both bound by DPoP.
    @Test func aClientWithAKeySignsAPersonInOnADeviceAndInTheBrowser() async throws {
        let port = try CLISignInTests.freePort()
        try await withGlewlwyd(["--redirect-uri", "http://127.0.0.1:\(port)/callback"]) { provider in
            let metadata = try await ProviderMetadata.discover(issuer: provider.issuer)
            var configuration = OAuthConfiguration(
                metadata: metadata, clientID: "keyed", scopes: ["openid", "api"])
            configuration.clientKey = ClientKey(
                path: provider.keyedPrivateKeyPath, keyID: provider.keyedKeyID)
            configuration.usesDPoP = true

            let approval = Locked<Task<Void, any Error>?>(nil)
            let device = try await DeviceAuthorizationFlow(configuration: configuration) { prompt in
                approval.withLock {
                    $0 = Task { try await provider.approveDevice(userCode: prompt.userCode) }
                }
            }.credential()
            try await approval.withLock { $0 }?.value
            #expect(device.provider?.clientKey == configuration.clientKey && device.refreshToken != nil)
            #expect(try boundThumbprint(device.token) == device.dpopThumbprint)
            var expired = device
            expired.expiresAt = Date().addingTimeInterval(-60)
            let renewed = try #require(
                try await TokenRefresher(repository: InMemoryLoginStateStore(.loggedIn(expired)))
                    .currentCredential())
            #expect(renewed.token != device.token)
            try await renewed.revokeGrant()

            let browser = AuthorizationCodeFlow(
                configuration: configuration, redirect: LoopbackRedirect(port: port),
                callbackTimeout: .seconds(60)
            ) { event in
                guard case .authorizationURL(let url) = event else { return }
                approval.withLock { $0 = Task { try await provider.approveWeb(url) } }
            }
            let store = InMemoryLoginStateStore()
            let web = try #require(try await Login(provider: browser).perform(with: store).credential)
            try await approval.withLock { $0 }?.value
            #expect(try boundThumbprint(web.token) == web.dpopThumbprint)
            #expect(web.provider?.clientAuthentication == .privateKeyJWT)
        }
    }
}
