import SessionCore
import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The three ways a platform's token is spent, for a sign-in and for a
/// renewal: the request each makes, the check of each answer, and what a
/// refusal is.
enum MachineGrants {
    static let jwtBearerGrantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"
    static let tokenExchangeGrantType = "urn:ietf:params:oauth:grant-type:token-exchange"

    /// A sign-in: a fresh platform token, then the grant.
    static func signIn(
        _ configuration: OAuthConfiguration, _ machine: MachineSignIn, transport given: (any Transport)?,
        now: @escaping @Sendable () -> Date
    ) async throws -> Credential {
        var provider = try configuration.provider()
        provider.machine = machine
        if machine.grant == .clientAssertion {
            // The platform's token is the client's proof: no secret, no key is kept.
            provider.usesClientCredentials = true
            provider.clientSecret = nil
            provider.clientAuthentication = nil
            provider.clientKey = nil
        }
        let binding = try configuration.newBinding()
        // The platform's token service with the system's trust (or the app's transport), the provider
        // with the session's connection.
        let token = try await PlatformToken.read(
            machine.source, transport: given ?? ConnectionSettings().transport(),
            limit: SessionLimits.signInExchangeDeadline, now: now())
        let client = ClientCredentials(
            provider, dpopKey: binding?.key, assertion: machine.grant == .clientAssertion ? token : nil)
        let endpoint = configuration.metadata.tokenEndpoint
        return try await run(
            try request(client, endpoint, machine, token: token, scopes: configuration.scopes),
            client: client,
            provider: provider, configuration: configuration, binding: binding,
            transport: given ?? configuration.connection.transport(), now: now,
            check: { try check($0, machine) },
            failure: { code, description in
                failure(code: code, description: description, machine, clientAuthenticated: client.proves)
            })
    }

    /// The one exchange of a grant a client runs as itself (client
    /// credentials, and a machine's three ways): the request, proven when it
    /// leaves, sent once more when the provider asks for a DPoP nonce, and
    /// the session its answer starts. A machine's session keeps no refresh
    /// token: each renewal runs its grant with a fresh platform token.
    static func run(
        _ request: Outgoing, client: ClientCredentials, provider: OAuthProvider,
        configuration: OAuthConfiguration, binding: DPoPKey.Binding?, transport: any Transport,
        now: @Sendable () -> Date, check: (TokenGrant) throws -> Void = { _ in },
        failure: (String, String?) -> any Error
    ) async throws -> Credential {
        let endpoint = configuration.metadata.tokenEndpoint
        try OAuthWire.requireSafe(endpoint, "token endpoint")
        let sentAt = now()
        let network = NetworkClient(
            baseURL: endpoint,
            transport: DeadlineTransport(transport, limit: SessionLimits.signInExchangeDeadline))
        var answer = try await network.run(OneRequest(try client.proving(request), read: TokenGrant.read))
        if binding != nil && DPoPKey.asksForNonce(answer) {
            answer = try await network.run(OneRequest(try client.proving(request), read: TokenGrant.read))
        }
        switch answer {
        case .grant(let grant):
            try check(grant)
            try grant.requireBinding(binding != nil)
            var credential = Credential(
                token: grant.accessToken, refreshToken: provider.machine == nil ? grant.refreshToken : nil,
                account: configuration.clientID, server: configuration.sessionServer, issuedAt: sentAt,
                expiresAt: grant.expiry(sentAt: sentAt), scopes: grant.scopes ?? configuration.scopes,
                provider: provider, connection: configuration.connection)
            binding?.bind(&credential)
            return credential
        case .error(let code, let description, _):
            throw failure(code, description)
        }
    }

    /// The token request that spends `token` as `machine` says.
    static func request(
        _ client: ClientCredentials, _ endpoint: URL, _ machine: MachineSignIn, token: AuthToken,
        scopes: [String]
    ) throws -> Outgoing {
        var fields: [(String, String)]
        switch machine.grant {
        case .clientAssertion:
            // The token rides in the client's authentication (ClientCredentials.assertion).
            return try ClientCredentialsGrant.request(client, endpoint, scopes: scopes)
        case .jwtBearer:
            fields = [("grant_type", jwtBearerGrantType), ("assertion", token.value)]
        case .tokenExchange(let exchange):
            // RFC 8693 §2.1: the subject token and its type are required; the rest is optional.
            fields = [
                ("grant_type", tokenExchangeGrantType), ("subject_token", token.value),
                ("subject_token_type", exchange.subjectTokenType),
            ]
            fields += exchange.audiences.map { ("audience", $0) }
            fields += exchange.resources.map { ("resource", $0) }
            if let type = exchange.requestedTokenType { fields.append(("requested_token_type", type)) }
        }
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        // A client with neither secret nor key names itself with client_id (RFC 6749 §3.2.1).
        return try client.formPost(to: endpoint, fields, namingClient: true)
    }

    /// What an exchange's answer must say besides an access token: what it
    /// issued (RFC 8693 §2.2.1, required), as an absolute URI.
    static func check(_ grant: TokenGrant, _ machine: MachineSignIn) throws {
        guard case .tokenExchange = machine.grant else { return }
        guard let issued = grant.issuedTokenType else {
            throw SignInError.invalidResponse(
                from: "token endpoint", reason: "issued_token_type is missing (RFC 8693 §2.2.1 requires it)")
        }
        guard issued.utf8.count <= 256, issued.contains(":"),
            OAuthWire.isPrintable(issued, limit: 256), !issued.contains(" ")
        else {
            throw SignInError.invalidResponse(
                from: "token endpoint", reason: "issued_token_type is not a URI")
        }
    }

    /// The error codes that say the provider refused the platform's token,
    /// for each way it is spent: RFC 7523 §3.1 says `invalid_grant` for a
    /// grant's JWT and §3.2 `invalid_client` for a client's assertion; RFC
    /// 8693 §2.2.2 says `invalid_request` for a subject token that is invalid
    /// or unacceptable, which Microsoft Entra also answered to an assertion no
    /// federated credential matched (AADSTS70021, before 2023);
    /// `unauthorized_client`, that the client the token proves may not use
    /// the grant. A client that proves itself with a secret or a key is what
    /// `invalid_client` and `unauthorized_client` are about instead.
    static func refusals(_ grant: MachineGrant, clientAuthenticated: Bool) -> Set<String> {
        let client: Set<String> = clientAuthenticated ? [] : ["invalid_client", "unauthorized_client"]
        switch grant {
        case .jwtBearer: return client.union(["invalid_grant"])
        case .clientAssertion:
            return ["invalid_grant", "invalid_client", "unauthorized_client", "invalid_request"]
        case .tokenExchange: return client.union(["invalid_grant", "invalid_request"])
        }
    }

    /// A token endpoint's error to a renewal of `provider`'s machine session.
    static func failure(
        code: String, description: String?, _ provider: OAuthProvider, clientAuthenticated: Bool
    )
        -> any Error
    {
        guard let machine = provider.machine else {
            return SignInError.providerError(code: code, description: description)
        }
        return failure(
            code: code, description: description, machine, clientAuthenticated: clientAuthenticated)
    }

    /// A token endpoint's error, as a refusal of the platform token when it is one.
    static func failure(
        code: String, description: String?, _ machine: MachineSignIn, clientAuthenticated: Bool
    )
        -> any Error
    {
        guard refusals(machine.grant, clientAuthenticated: clientAuthenticated).contains(code) else {
            return TokenGrant.Answer.failure(code: code, description: description)
        }
        return PlatformTokenError.refused(source: machine.source, code: code, description: description)
    }
}
