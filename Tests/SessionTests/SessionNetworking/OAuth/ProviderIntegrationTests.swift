import Foundation
import Session
import SessionSupport
import SessionSystem
import SessionTestSupport
import SessionURLSession
import Testing

/// Sign-in against a real OAuth provider (django-oauth-toolkit) on 127.0.0.1,
/// with a person played by `human.py` through the provider's real pages.
/// Each test starts its own provider and stops it.
@Suite struct ProviderIntegrationTests {

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

    /// A browser sign-in whose person (`human.py`) follows the authorization
    /// URL as soon as the flow shows it; returns what the callback answered.
    final class Person: Sendable {
        private let visit = Locked<Task<String, any Error>?>(nil)

        func follow(_ event: AuthorizationCodeFlow.Event, at provider: OAuthTestProvider, deny: Bool = false)
        {
            guard case .authorizationURL(let url) = event else { return }
            visit.withLock { $0 = Task { try await provider.authorize(url, deny: deny) } }
        }

        /// The callback's status line and page, as the person's browser got them.
        func page() async throws -> String {
            try await (visit.withLock { $0 }?.value) ?? ""
        }
    }

    @Test(.tags(.pypi)) func discoveryReadsBothDocuments() async throws {
        try await withTestProvider(["PROVIDER_ISS_PARAMETER": "1"]) { provider in
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
            #expect(metadata.tokenEndpointAuthMethods?.contains("client_secret_basic") == true)
            #expect(metadata.sendsIssuerInAuthorizationResponse)
            await #expect(throws: SignInError.issuerMismatch(expected: provider.issuer.absoluteString + "/"))
            {
                try await NetworkClient(baseURL: provider.issuer, transport: URLSessionTransport(timeout: 10))
                    .run(ProviderDiscovery(issuer: provider.issuer.appendingPathComponent("")))
            }
        }
    }

    @Test(.tags(.pypi)) func anApprovedDeviceLoginStartsAWorkingSession() async throws {
        try await withTestProvider { provider in
            let approval = Locked<Task<Void, any Error>?>(nil)
            let configuration = OAuthConfiguration(
                metadata: try await metadata(provider), clientID: "cli-device",
                scopes: ["openid", "profile", "read"])
            let flow = DeviceAuthorizationFlow(configuration: configuration) { prompt in
                approval.withLock {
                    $0 = Task { try await provider.approveDevice(userCode: prompt.userCode) }
                }
            }
            let store = InMemoryLoginStateStore()
            let state = try await Login(provider: flow).perform(with: store)
            try await approval.withLock { $0 }?.value
            let credential = try #require(state.credential)
            #expect(credential.account == "alice")
            #expect(credential.scopes == ["openid", "profile", "read"])
            #expect(credential.provider?.revocationEndpoint != nil)
        }
    }

    @Test(.tags(.pypi)) func aDeniedDeviceLoginIsAccessDeniedAndSavesNothing() async throws {
        try await withTestProvider { provider in
            let previous = Credential(token: Sample.token(), account: "before")
            let store = InMemoryLoginStateStore(.loggedIn(previous))
            let configuration = OAuthConfiguration(
                metadata: try await metadata(provider), clientID: "cli-device")
            let flow = DeviceAuthorizationFlow(configuration: configuration) { prompt in
                Task { try await provider.approveDevice(userCode: prompt.userCode, deny: true) }
            }
            await #expect(throws: SignInError.accessDenied) {
                try await Login(provider: flow).perform(with: store)
            }
            #expect(store.load() == .loggedIn(previous))
        }
    }

    /// The provider requires a nonce (as some do whenever `openid` is asked
    /// for) and names itself in the redirect (RFC 9207): the flow sends a
    /// nonce, checks the ID token's, and the browser's page says who signed
    /// in only once the session is saved.
    @Test(.tags(.pypi)) func aBrowserLoginWithPKCENonceAndIssStartsASession() async throws {
        try await withTestProvider(["PROVIDER_REQUIRE_NONCE": "1", "PROVIDER_ISS_PARAMETER": "1"]) {
            provider in
            let person = Person()
            let configuration = OAuthConfiguration(
                metadata: try await metadata(provider), clientID: "cli-web", scopes: ["openid", "email"])
            let flow = AuthorizationCodeFlow(
                configuration: configuration,
                pages: SignInPages(appName: "the tests", outcomeWait: Sample.outcomeWaitUnderLoad),
                callbackTimeout: .seconds(60)
            ) { person.follow($0, at: provider) }
            #expect(flow.exchange.nonce != nil)
            let store = InMemoryLoginStateStore()
            let credential = try #require(try await Login(provider: flow).perform(with: store).credential)
            // Only the email claim was released: the account falls back to it.
            #expect(credential.account == "alice@example.com")
            #expect(credential.provider?.clientID == "cli-web")
            let page = try await person.page()
            #expect(page.hasPrefix("200"))
            #expect(
                page.contains(
                    "the tests is signed in as alice@example.com on \(provider.issuer.absoluteString)."))
        }
    }

    /// A callback with a forged state is refused and the wait goes on; the
    /// real one then completes the login.
    @Test(.tags(.pypi)) func aTamperedStateIsRejectedWithoutEndingTheWait() async throws {
        try await withTestProvider { provider in
            let answers = Locked<[String]>([])
            let refused = Locked<[RefusedCallback]>([])
            let configuration = OAuthConfiguration(
                metadata: try await metadata(provider), clientID: "cli-web", scopes: ["openid", "profile"])
            let visits = Locked<Task<Void, any Error>?>(nil)
            let flow = AuthorizationCodeFlow(configuration: configuration, callbackTimeout: .seconds(60)) {
                event in
                if case .refusedCallback(let reason) = event { refused.withLock { $0.append(reason) } }
                guard case .authorizationURL(let url) = event else { return }
                visits.withLock {
                    $0 = Task {
                        var forged = URLComponents(url: url, resolvingAgainstBaseURL: false)
                        let items = forged?.queryItems?.map {
                            $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0
                        }
                        forged?.queryItems = items
                        guard let forgedURL = forged?.url else { return }
                        let first = try await provider.authorize(forgedURL)
                        answers.withLock { $0.append(first) }
                        let second = try await provider.authorize(url)
                        answers.withLock { $0.append(second) }
                    }
                }
            }
            let credential = try #require(
                try await Login(provider: flow).perform(with: InMemoryLoginStateStore()).credential)
            try await visits.withLock { $0 }?.value
            #expect(credential.account == "alice")
            let seen = answers.withLock { $0 }
            #expect(seen.first?.hasPrefix("400") == true, "the forged callback was not refused")
            #expect(seen.first?.contains("Not the sign-in") == true)
            #expect(seen.count == 2 && seen.last?.hasPrefix("200") == true)
            #expect(refused.withLock { $0 } == [.anotherSignIn])
        }
    }

    /// Cancel on the consent page: `access_denied`, nothing saved, and the
    /// page says the sign-in was cancelled (never "signed in").
    @Test(.tags(.pypi)) func cancellingAtTheProviderSavesNothingAndThePageSaysSo() async throws {
        try await withTestProvider(["PROVIDER_WEB_CONSENT": "1"]) { provider in
            let person = Person()
            let configuration = OAuthConfiguration(
                metadata: try await metadata(provider), clientID: "cli-web", scopes: ["openid"])
            let flow = AuthorizationCodeFlow(configuration: configuration, callbackTimeout: .seconds(60)) {
                person.follow($0, at: provider, deny: true)
            }
            let store = InMemoryLoginStateStore()
            await #expect(throws: SignInError.accessDenied) {
                try await Login(provider: flow).perform(with: store)
            }
            #expect(store.load() == .loggedOut)
            let page = try await person.page()
            #expect(page.contains("Sign-in cancelled") && !page.contains("Signed in"))
        }
    }

    /// The browser came back, then the code exchange failed at the provider:
    /// the page gives the reason the app gives, not "signed in".
    @Test(.tags(.pypi)) func aFailedCodeExchangeAfterTheBrowserReturnedIsWhatThePageSays() async throws {
        try await withTestProvider { provider in
            try await provider.test("/test/fail-code-exchanges", form: "error=invalid_grant")
            let person = Person()
            let configuration = OAuthConfiguration(
                metadata: try await metadata(provider), clientID: "cli-web", scopes: ["openid"])
            let flow = AuthorizationCodeFlow(
                configuration: configuration,
                pages: SignInPages(
                    appName: "the tests", outcomeWait: Sample.outcomeWaitUnderLoad,
                    describe: { "the app says: \($0)" }),
                callbackTimeout: .seconds(60)
            ) { person.follow($0, at: provider) }
            await #expect(
                throws: SignInError.providerError(
                    code: "invalid_grant", description: "Failing on purpose for a test.")
            ) { try await Login(provider: flow).perform(with: InMemoryLoginStateStore()) }
            let page = try await person.page()
            #expect(page.contains("Sign-in failed"))
            #expect(
                page.contains(
                    "the app says: the provider answered with the error invalid_grant: Failing on purpose for a test."
                ))
        }
    }

    /// A confidential client: the secret goes with HTTP Basic (the
    /// provider's first choice), or in the body when that is all it lists,
    /// on the exchange, the refresh and the revocation alike.
    @Test(.tags(.pypi), arguments: ["client_secret_basic client_secret_post", "client_secret_post"])
    func aConfidentialClientAuthenticatesEverywhere(methods: String) async throws {
        try await withTestProvider(["PROVIDER_AUTH_METHODS": methods]) { provider in
            let person = Person()
            let configuration = OAuthConfiguration(
                metadata: try await metadata(provider), clientID: "cli-confidential",
                clientSecret: try AuthToken("s3cret-for-tests-0123456789"), scopes: ["openid", "profile"])
            let flow = AuthorizationCodeFlow(configuration: configuration, callbackTimeout: .seconds(60)) {
                person.follow($0, at: provider)
            }
            let store = InMemoryLoginStateStore()
            let credential = try #require(try await Login(provider: flow).perform(with: store).credential)
            #expect(credential.provider?.isConfidential == true)
            #expect(
                credential.provider?.clientAuthentication
                    == (methods.hasPrefix("client_secret_basic") ? .clientSecretBasic : .clientSecretPost))
            _ = try await person.page()

            let refreshed = try #require(
                try await TokenRefresher(repository: store).refresh(replacing: credential.token.fingerprint))
            #expect(refreshed.token != credential.token)
            try await NetworkClient(baseURL: provider.issuer, transport: URLSessionTransport(timeout: 10))
                .run(GrantRevocation(credential: refreshed))
            let status = try await provider.refreshStatus(
                refreshed.refreshToken?.value ?? "", clientID: "cli-confidential",
                secret: "s3cret-for-tests-0123456789")
            #expect(status == 400, "the revoked refresh token still works")
        }
    }
}
