package import SessionCLIKit
package import SessionCore
import SessionHTTP
import SessionNetworking
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// The commands' ``Network``, with the networking library: what
/// `session-cli-api` runs them with. Everything it throws is a
/// ``CLIError``, worded by ``NetworkErrorReport``.
package struct NetworkService: Network {
    package init() {}

    package func signIn(_ request: SignInRequest, events: @escaping @Sendable (SignInEvent) -> Void)
        -> any CredentialProvider
    {
        SignIn(request: request, events: events)
    }

    package func currentCredential(of session: any LoginStateRepository) async throws -> Credential? {
        do {
            return try await TokenRefresher(repository: session).currentCredential()
        } catch {
            throw NetworkErrorReport.cliError(for: error, talkingTo: await Self.tokenEndpoint(of: session))
        }
    }

    package func refreshed(_ session: any LoginStateRepository, replacing: TokenFingerprint) async throws
        -> Credential?
    {
        do {
            return try await TokenRefresher(repository: session).refresh(replacing: replacing)
        } catch {
            throw NetworkErrorReport.cliError(for: error, talkingTo: await Self.tokenEndpoint(of: session))
        }
    }

    package func userInfo(of session: any LoginStateRepository) async throws -> UserInfo? {
        // Refreshed first when due, its errors worded as for `token`.
        guard let credential = try await currentCredential(of: session) else { return nil }
        do {
            return try await credential.userInfo()
        } catch {
            throw NetworkErrorReport.cliError(for: error, talkingTo: credential.provider?.issuer)
        }
    }

    package func dpopProof(of session: any LoginStateRepository, method: String, url: URL, nonce: String?)
        async throws -> (token: AuthToken, proof: String)?
    {
        guard let credential = try await currentCredential(of: session) else { return nil }
        do {
            guard let key = try DPoPKey.signingKey(of: credential) else { return nil }
            let proof = try DPoPProof.make(
                key: key, method: method, url: url, accessToken: credential.token,
                nonce: nonce ?? DPoPNonces.nonce(for: url))
            return (credential.token, proof)
        } catch {
            throw CLIError(.dpopKeyUnusable, ["reason": error.description])
        }
    }

    package func revoke(_ credential: Credential) async -> Revocation {
        guard let provider = credential.provider else { return .notOffered(issuer: "the provider") }
        let issuer = provider.issuer.absoluteString
        guard provider.revocationEndpoint != nil else { return .notOffered(by: provider) }
        do {
            try await credential.revokeGrant()
            return .revoked(issuer: issuer)
        } catch let deadline as DeadlineExceededError {
            return .timedOut(issuer: issuer, seconds: Int(deadline.limit.components.seconds))
        } catch NetworkError.transport(let underlying) {
            return .failed(issuer: issuer, reason: NetworkErrorReport.reason(underlying))
        } catch {
            return .failed(issuer: issuer, reason: NetworkErrorReport.cliError(for: error).message)
        }
    }

    package func endSession(
        _ credential: Credential, opensBrowser: Bool, language: Language,
        events: @escaping @Sendable (SignInEvent) -> Void
    ) async -> ProviderSignOut {
        guard let provider = credential.provider else { return .noProvider }
        let issuer = provider.issuer.absoluteString
        do {
            let metadata = try await ProviderMetadata.discover(
                issuer: provider.issuer, transport: credential.connection.transport())
            let pages = SignInPages.tool(language)
            let logout = ProviderLogout(credential: credential, metadata: metadata, pages: pages) { event in
                switch event {
                case .logoutURL(let url):
                    events(.logoutURL(url, opening: opensBrowser))
                    if opensBrowser { SystemBrowser.open(url) }
                case .waitingForBrowser(let redirectURI):
                    events(.waitingForBrowser(redirectURI))
                case .refusedCallback(let reason):
                    events(.refusedCallback(anotherSignIn: reason == .anotherSignIn))
                }
            }
            switch try await logout.run() {
            case .signedOut: return .signedOut(issuer: issuer)
            case .notOffered: return .notOffered(issuer: issuer)
            case .noIDToken: return .noIDToken(issuer: issuer)
            }
        } catch let error as SignInError {
            if case .browserTimedOut = error {
                return .failed(issuer: issuer, reason: NetworkErrorReport.message(for: error), timedOut: true)
            }
            return .failed(issuer: issuer, reason: NetworkErrorReport.message(for: error), timedOut: false)
        } catch {
            return .failed(
                issuer: issuer,
                reason: NetworkErrorReport.cliError(for: error, talkingTo: provider.issuer).message,
                timedOut: false)
        }
    }

    package func send(
        _ request: APIRequest, session: any LoginStateRepository, token: AuthToken?,
        head: @escaping @Sendable (APIHead) -> Void, body: @escaping @Sendable ([UInt8]) -> Bool
    ) async throws -> APIAnswer {
        // The stored session's CA file and client certificate, for its server: what the file says,
        // read where a wait holds no thread of the pool (a keyring store's secrets are not asked for).
        let summary = try? await session.calling { try $0.sessionSummary() }
        let connection = summary?.connection ?? ConnectionSettings()
        let behaviors: [any RequestBehavior]
        if let token {
            // SESSION_CLI_TOKEN: sent to the stored session's server; the stored session is left alone.
            let override = InMemoryLoginStateStore(
                .loggedIn(Credential(token: token, server: request.server)))
            behaviors = [AuthTokenHeaderBehavior(repository: override)]
        } else {
            behaviors = [
                AuthTokenHeaderBehavior(repository: session, refresher: TokenRefresher(repository: session)),
                UnauthorizedLogoutBehavior(repository: session),
            ]
        }
        let client = NetworkClient(
            baseURL: request.server, transport: connection.transport(),
            behavior: CombinedRequestBehavior(behaviors))
        var raw = Request<Data>.raw(method: request.method, path: request.path, headers: request.headers)
        switch request.body {
        case .none: break
        case .bytes(let bytes): raw.body = Data(bytes)
        case .file(let path): raw.bodyStream = .file(path)
        case .standardInput: raw.bodyStream = .standardInput
        }
        do {
            _ = try await client.send(
                raw, receivingHead: { head(Self.head(of: $0)) },
                streamingBodyTo: { piece in
                    guard body(Array(piece)) else { throw OutputFailed() }
                })
            return .success
        } catch NetworkError.transport(let error) where error is OutputFailed {
            return .outputFailed
        } catch NetworkError.status(let code, let answer) {
            return .status(code: code, body: Array(answer))
        } catch {
            throw NetworkErrorReport.cliError(for: error, talkingTo: request.server, peer: .api)
        }
    }

    /// The token endpoint of `session`'s provider, to name in an error: read
    /// where a wait holds no thread of the pool.
    private static func tokenEndpoint(of session: any LoginStateRepository) async -> URL? {
        (try? await session.calling { try $0.load() })?.credential?.provider?.tokenEndpoint
    }

    /// Standard output failed while the body streamed: the transfer stops.
    private struct OutputFailed: Error {}

    /// The answer's status line and headers, for `api -i`: the version and
    /// the words of the status line as the server sent them (HTTP/2 sends no
    /// words), the fields in the order they came.
    private static func head(of response: HTTPResponse) -> APIHead {
        let version = response.version.map { $0.hasPrefix("HTTP/") ? String($0.dropFirst(5)) : $0 }
        return APIHead(
            statusCode: response.status.code, httpVersion: version,
            reason: version == nil ? nil : response.status.reasonPhrase,
            headers: response.headerFields.map { ($0.name.rawName, $0.value) },
            url: response.url ?? URL(fileURLWithPath: "/"))
    }
}

/// A sign-in at a provider as a ``CredentialProvider``: discovery, then the
/// device or browser flow, each error worded for the tool.
private struct SignIn: CredentialProvider {
    let request: SignInRequest
    let events: @Sendable (SignInEvent) -> Void
    private let flow = Locked<(any CredentialProvider)?>(nil)

    init(request: SignInRequest, events: @escaping @Sendable (SignInEvent) -> Void) {
        self.request = request
        self.events = events
    }

    func credential() async throws -> Credential {
        let transport = request.connection.transport()
        do {
            // The key is read before anything is sent: a wrong path is said at once.
            if let key = request.clientKey { try ClientKeyFile.check(key) }
            // A provider without a discovery document (Google's STS): its token endpoint, given.
            var metadata =
                if let endpoint = request.tokenEndpoint {
                    try ProviderMetadata(issuer: request.issuer, tokenEndpoint: endpoint)
                } else {
                    try await ProviderMetadata.discover(issuer: request.issuer, transport: transport)
                }
            if case .device(let endpoint?) = request.method {
                metadata.deviceAuthorizationEndpoint = endpoint
            }
            var configuration = OAuthConfiguration(
                metadata: metadata, clientID: request.clientID, clientSecret: request.clientSecret,
                scopes: request.scopes, server: request.server, connection: request.connection)
            configuration.usesDPoP = request.usesDPoP
            configuration.clientKey = request.clientKey
            let flow = makeFlow(configuration, transport: transport)
            self.flow.withLock { $0 = flow }
            return try await flow.credential()
        } catch {
            throw NetworkErrorReport.cliError(for: error, talkingTo: request.issuer)
        }
    }

    func loginFinished(_ outcome: Result<Credential, any Error>) async {
        await flow.withLock { $0 }?.loginFinished(outcome)
    }

    private func makeFlow(_ configuration: OAuthConfiguration, transport: any Transport)
        -> any CredentialProvider
    {
        let events = events
        switch request.method {
        case .clientCredentials(let assertion?):
            // The platform's token service is asked with the system's trust, the provider with the session's.
            var configuration = configuration
            configuration.clientAssertion = assertion
            return ClientCredentialsFlow(configuration: configuration)
        case .clientCredentials(nil):
            return ClientCredentialsFlow(configuration: configuration, transport: transport)
        case .jwtBearer(let assertion):
            return JWTBearerFlow(configuration: configuration, assertion: assertion)
        case .tokenExchange(let exchange, let subjectToken):
            return TokenExchangeFlow(
                configuration: configuration, subjectToken: subjectToken, exchange: exchange)
        case .device:
            return DeviceAuthorizationFlow(configuration: configuration, transport: transport) { prompt in
                events(
                    .deviceCode(
                        userCode: prompt.userCode, verificationURI: prompt.verificationURI,
                        complete: prompt.verificationURIComplete, expiresIn: prompt.expiresIn))
            }
        case .web(let redirect, let opensBrowser, let prompt, let pasted):
            let pages = SignInPages.tool(request.language)
            return AuthorizationCodeFlow(
                configuration: configuration, redirect: redirect, pages: pages, transport: transport,
                prompt: prompt, pasted: pasted
            ) { event in
                switch event {
                case .authorizationURL(let url):
                    events(.authorizationURL(url, opening: opensBrowser))
                    if opensBrowser { SystemBrowser.open(url) }
                case .waitingForBrowser(let redirectURI):
                    events(pasted == nil ? .waitingForBrowser(redirectURI) : .waitingForPaste(redirectURI))
                case .refusedCallback(let reason):
                    events(.refusedCallback(anotherSignIn: reason == .anotherSignIn))
                case .refusedPaste(let reason):
                    switch reason {
                    case .anotherSignIn: events(.refusedPaste(.anotherSignIn))
                    case .anotherRedirect: events(.refusedPaste(.anotherRedirect))
                    case .malformed: events(.refusedPaste(.malformed))
                    }
                }
            }
        }
    }
}

extension SignInPages {
    /// The browser's pages of `session-cli`, in its language, its errors in its words.
    static func tool(_ language: Language) -> SignInPages {
        SignInPages(
            appName: "session-cli", language: language.rawValue,
            describe: { NetworkErrorReport.cliError(for: $0).message.text(in: language) })
    }
}
