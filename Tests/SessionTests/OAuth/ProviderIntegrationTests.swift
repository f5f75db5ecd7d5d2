import Foundation
import Session
import SessionTestSupport
import Testing

/// Sign-in against a real OAuth provider (django-oauth-toolkit) on 127.0.0.1,
/// with a person played by `human.py` through the provider's real pages.
/// Each test starts its own provider and stops it.
@Suite struct ProviderIntegrationTests {
    /// Runs `body` with a provider whose device interval is 1 s.
    func withProvider(_ body: (OAuthTestProvider) async throws -> Void) async throws {
        let provider = try OAuthTestProvider(environment: ["PROVIDER_DEVICE_INTERVAL": "1"])
        defer { provider.stop() }
        try await body(provider)
    }

    func metadata(_ provider: OAuthTestProvider) async throws -> ProviderMetadata {
        var metadata = try await NetworkClient(
            baseURL: provider.issuer, transport: URLSessionTransport(timeout: 10)
        )
        .run(ProviderDiscovery(issuer: provider.issuer))
        // django-oauth-toolkit lists its device endpoint in neither document.
        metadata.deviceAuthorizationEndpoint = provider.issuer.appendingPathComponent(
            "o/device-authorization/")
        return metadata
    }

    /// Does `work` on a thread of its own, as a person would in another window.
    func meanwhile(_ work: @escaping @Sendable () throws -> Void) -> Locked<(any Error)?> {
        let failure = Locked<(any Error)?>(nil)
        Thread {
            do { try work() } catch { failure.withLock { $0 = error } }
        }.start()
        return failure
    }

    @Test func discoveryReadsBothDocuments() async throws {
        try await withProvider { provider in
            let metadata = try await NetworkClient(
                baseURL: provider.issuer, transport: URLSessionTransport(timeout: 10)
            )
            .run(ProviderDiscovery(issuer: provider.issuer))
            #expect(metadata.issuer == provider.issuer)
            #expect(metadata.tokenEndpoint.absoluteString.hasSuffix("/o/token/") == true)
            #expect(metadata.authorizationEndpoint?.absoluteString.hasSuffix("/o/authorize/") == true)
            #expect(metadata.userinfoEndpoint?.absoluteString.hasSuffix("/o/userinfo/") == true)
            // Only the RFC 8414 document lists the revocation endpoint.
            #expect(metadata.revocationEndpoint?.absoluteString.hasSuffix("/o/revoke_token/") == true)
            #expect(metadata.deviceAuthorizationEndpoint == nil)
            await #expect(throws: SignInError.issuerMismatch(expected: provider.issuer.absoluteString + "/"))
            {
                try await NetworkClient(baseURL: provider.issuer, transport: URLSessionTransport(timeout: 10))
                    .run(ProviderDiscovery(issuer: provider.issuer.appendingPathComponent("")))
            }
        }
    }

    @Test func anApprovedDeviceLoginStartsAWorkingSession() async throws {
        try await withProvider { provider in
            let approval = Locked<Locked<(any Error)?>?>(nil)
            let flow = DeviceAuthorizationFlow(
                metadata: try await metadata(provider), clientID: "cli-device",
                scopes: ["openid", "profile", "read"]
            ) { prompt in
                approval.withLock { $0 = meanwhile { try provider.approveDevice(userCode: prompt.userCode) } }
            }
            let store = InMemoryLoginStateStore()
            let state = try await Login(provider: flow).perform(with: store)
            #expect(approval.withLock { $0?.withLock { $0 } } == nil)
            let credential = try #require(state.credential)
            #expect(credential.account == "alice")
            #expect(credential.refreshToken != nil)
            #expect(credential.scopes == ["openid", "profile", "read"])
            #expect(credential.server == provider.issuer)
            #expect(credential.provider?.clientID == "cli-device")
            #expect(
                credential.provider?.revocationEndpoint?.absoluteString.hasSuffix("/o/revoke_token/") == true)
            #expect(try store.isLoggedIn())

            // The new token opens the provider's protected API.
            struct Me: Decodable { let username: String }
            let client = NetworkClient(
                baseURL: provider.issuer, transport: URLSessionTransport(timeout: 10),
                behavior: AuthTokenHeaderBehavior(repository: store))
            #expect(try await client.send(Request<Me>(path: "/api/me")).username == "alice")
        }
    }

    @Test func aDeniedDeviceLoginIsAccessDeniedAndSavesNothing() async throws {
        try await withProvider { provider in
            let previous = Credential(token: Sample.token(), account: "before")
            let store = InMemoryLoginStateStore(.loggedIn(previous))
            let flow = DeviceAuthorizationFlow(metadata: try await metadata(provider), clientID: "cli-device")
            {
                prompt in
                _ = meanwhile { try provider.approveDevice(userCode: prompt.userCode, deny: true) }
            }
            await #expect(throws: SignInError.accessDenied) {
                try await Login(provider: flow).perform(with: store)
            }
            #expect(store.load() == .loggedIn(previous))
        }
    }

    @Test func aBrowserLoginWithPKCEStartsASession() async throws {
        try await withProvider { provider in
            let callback = Locked<String?>(nil)
            let flow = AuthorizationCodeFlow(
                metadata: try await metadata(provider), clientID: "cli-web", scopes: ["openid", "profile"],
                callbackTimeout: .seconds(30),
                onAuthorizationURL: { url in
                    _ = meanwhile { callback.withLock { $0 = try? provider.authorize(url) } }
                })
            let credential = try await flow.credential()
            #expect(credential.account == "alice")
            #expect(credential.provider?.clientID == "cli-web")
            #expect(callback.withLock { $0 }?.hasPrefix("200") == true)
        }
    }

    /// A callback with a forged state is answered 400 and the wait goes on;
    /// the real one then completes the login.
    @Test func aTamperedStateIsRejectedWithoutEndingTheWait() async throws {
        try await withProvider { provider in
            let answers = Locked<[String]>([])
            let flow = AuthorizationCodeFlow(
                metadata: try await metadata(provider), clientID: "cli-web", scopes: ["openid", "profile"],
                callbackTimeout: .seconds(30),
                onAuthorizationURL: { url in
                    _ = meanwhile {
                        var forged = URLComponents(url: url, resolvingAgainstBaseURL: false)
                        let items = forged?.queryItems?.map {
                            $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0
                        }
                        forged?.queryItems = items
                        guard let forgedURL = forged?.url else { return }
                        let first = try provider.authorize(forgedURL)
                        answers.withLock { $0.append(first) }
                        let second = try provider.authorize(url)
                        answers.withLock { $0.append(second) }
                    }
                })
            let credential = try await flow.credential()
            #expect(credential.account == "alice")
            let seen = answers.withLock { $0 }
            #expect(seen.first?.hasPrefix("400") == true, "the forged callback was not refused")
            #expect(seen.count == 2 && seen.last?.hasPrefix("200") == true)
        }
    }
}
