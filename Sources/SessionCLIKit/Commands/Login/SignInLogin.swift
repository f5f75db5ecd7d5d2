import SessionCore
import SessionSupport
import SessionSystem

/// `login --device`, `--web`, `--client-credentials`, `--jwt-bearer` or
/// `--token-exchange`: a sign-in at an OAuth 2.0 / OpenID Connect provider,
/// decided from the options, then the environment, then the stored
/// session's provider.
struct SignInLogin {
    /// The grant, with what only it takes.
    enum Grant {
        /// Which grant, as the options name them.
        enum Kind {
            case device, web, clientCredentials, jwtBearer, tokenExchange
        }

        /// The device authorization grant.
        case device(endpoint: URL?)
        /// The authorization code grant in the browser.
        case web(opensBrowser: Bool, port: Int?, host: LoopbackRedirect.Host?, prompt: SignInPrompt?)
        /// The client credentials grant: the client as itself.
        case clientCredentials
        /// A machine's platform token as the grant (RFC 7523 §2.1).
        case jwtBearer
        /// A machine's platform token exchanged (RFC 8693).
        case tokenExchange(TokenExchange)

        /// The option that chose it.
        var flag: String {
            switch self {
            case .device: "--device"
            case .web: "--web"
            case .clientCredentials: "--client-credentials"
            case .jwtBearer: "--jwt-bearer"
            case .tokenExchange: "--token-exchange"
            }
        }
    }

    let grant: Grant
    /// Where the token may go.
    let server: URL?
    /// `--provider`: a known provider, whose issuer is the default.
    let provider: ProviderProfile?
    let issuer: URL?
    let clientID: String?
    let scopes: [String]
    let secrets: SecretsLocation?
    /// The CA file and client certificate for the provider and the server.
    var connection = ConnectionSettings()
    /// `--dpop`: the tokens bound to a new key of the session.
    var usesDPoP = false
    /// `--private-key-jwt` and `--key-id`: the client proves itself with its key.
    var clientKey: ClientKey?
    /// `--assertion-file` or `--assertion-from`: where a machine's platform token is read.
    var assertion: AssertionSource?
    /// `--token-endpoint`: a machine grant's endpoint at a provider without a discovery document.
    var tokenEndpoint: URL?

    /// The options a sign-in of `kind` takes (besides `--secrets`).
    static func options(for kind: Grant.Kind) -> Set<LoginCommand.Option> {
        let common: Set<LoginCommand.Option> = [.provider, .issuer, .clientID, .scope, .server]
        switch kind {
        case .device: return common.union([.device, .deviceEndpoint])
        case .web: return common.union([.web, .noBrowser, .callbackPort, .callbackHost, .prompt])
        case .clientCredentials: return common.union([.clientCredentials])
        case .jwtBearer: return common.union([.jwtBearer])
        case .tokenExchange:
            return common.union([
                .tokenExchange, .subjectTokenType, .audience, .resource, .requestedTokenType,
            ])
        }
    }

    /// Whether a sign-in of `kind` may spend a platform's token.
    static func spendsAssertion(_ kind: Grant.Kind) -> Bool {
        switch kind {
        case .clientCredentials, .jwtBearer, .tokenExchange: true
        case .device, .web: false
        }
    }

    init(
        _ kind: Grant.Kind, arguments: ParsedArguments<LoginCommand.Option>, server: URL?,
        secrets: SecretsLocation?
    ) throws(CLIError) {
        self.server = server
        self.secrets = secrets
        provider = try arguments.value(.provider).map { text throws(CLIError) in
            guard let profile = ProviderProfile.named(text) else {
                throw CLIError(
                    .invalidChoice, ["option": "--provider"],
                    messages: ["choices": .alternatives(ProviderProfile.all.map(\.name))])
            }
            return profile
        }
        issuer = try arguments.value(.issuer).map { text throws(CLIError) in
            try OptionValues.url(text, "--issuer")
        }
        // --issuer may name a tenant of the same provider; never another provider.
        if let provider, let issuer, ProviderProfile.matching(issuer) != provider {
            throw CLIError(.loginProviderAndOtherIssuer, ["provider": provider.name])
        }
        clientID = try arguments.value(.clientID).map { text throws(CLIError) in
            try OptionValues.clientID(text, "--client-id")
        }
        scopes = try arguments.values(.scope).map(OptionValues.scope)
        switch kind {
        case .clientCredentials:
            grant = .clientCredentials
        case .jwtBearer:
            grant = .jwtBearer
        case .tokenExchange:
            grant = .tokenExchange(try Self.exchange(arguments))
        case .device:
            grant = .device(
                endpoint: try arguments.value(.deviceEndpoint).map { text throws(CLIError) in
                    try OptionValues.url(text, "--device-endpoint")
                })
        case .web:
            grant = .web(
                opensBrowser: !arguments.has(.noBrowser),
                port: try arguments.value(.callbackPort).map { text throws(CLIError) in
                    try OptionValues.port(text, "--callback-port")
                },
                host: try arguments.value(.callbackHost).map { text throws(CLIError) in
                    try OptionValues.loopbackHost(text, "--callback-host")
                },
                prompt: try arguments.value(.prompt).map { text throws(CLIError) -> SignInPrompt in
                    try OptionValues.choice(text, "--prompt")
                })
        }
    }

    /// `--subject-token-type`, `--audience`, `--resource` and `--requested-token-type`.
    private static func exchange(_ arguments: ParsedArguments<LoginCommand.Option>) throws(CLIError)
        -> TokenExchange
    {
        func tokenType(_ option: LoginCommand.Option, _ names: [String]) throws(CLIError) -> String? {
            guard let text = arguments.value(option) else { return nil }
            // A short name, or any token type URI (RFC 8693 §3 lets providers define more).
            if names.contains(text) { return "urn:ietf:params:oauth:token-type:" + text }
            if text.hasPrefix("urn:") || text.hasPrefix("https:"), text.utf8.count <= 256,
                text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            {
                return text
            }
            throw CLIError(
                .invalidChoice, ["option": "--" + option.rawValue],
                messages: ["choices": .alternatives(names + ["URI"])])
        }
        let audiences = try arguments.values(.audience).map { text throws(CLIError) in
            guard !text.isEmpty, text.utf8.count <= 512, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else { throw CLIError(.loginAudienceInvalid) }
            return text
        }
        let resources = try arguments.values(.resource).map { text throws(CLIError) in
            // RFC 8693 §2.1: an absolute URI, with no fragment.
            guard text.utf8.count <= 2048, let url = URL(string: text), url.scheme != nil,
                url.fragment == nil,
                text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else { throw CLIError(.loginResourceInvalid) }
            return text
        }
        return TokenExchange(
            subjectTokenType: try tokenType(.subjectTokenType, ["jwt", "id_token", "access_token"])
                ?? TokenExchange.jwt,
            audiences: audiences, resources: resources,
            // Only what can be used as an access token: an ID token comes back as N_A (RFC 8693 §2.2.1).
            requestedTokenType: try tokenType(.requestedTokenType, ["access_token", "jwt"]))
    }

    func run(context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        // A session file that cannot be read is reported, not silently replaced.
        let sessions = try store.readSessions()
        let location = try LoginCommand.secretsLocation(secrets, context)
        let stored = (try? sessions.entry(.defaultSession)?.credential())??.provider
        var request = try request(context, stored: stored)
        let network = try context.network()
        // Here, in the process that signs in (not before session-cli hands over): a browser on
        // another machine cannot reach the listener, so the terminal takes its address too.
        if case .web(let redirect, false, let prompt, nil) = request.method, context.input.isTerminal {
            let lines = context.input.lines(limit: SessionLimits.authorizationCodeLength * 2)
            request.method = .web(redirect: redirect, opensBrowser: false, prompt: prompt, pasted: lines)
        }
        // A variable lives as long as the process given it: say so before the session depends on it.
        if case .environment(let name)? = assertion?.kind {
            context.warn(Message(.loginVariableNote, ["name": name]))
        }
        let provider = network.signIn(request) { SignInProgress.show($0, context) }
        return try LoginFinish(store: store, secrets: location, network: network, context: context)
            .run(provider, signedIn: true)
    }

    /// The sign-in as decided from the options, then the environment, then
    /// the stored session's provider.
    private func request(_ context: CommandContext, stored: OAuthProvider?) throws(CLIError) -> SignInRequest
    {
        let environment = context.environment
        let flag = grant.flag
        var issuer = self.issuer ?? provider?.issuer
        if issuer == nil, let text = environment[.issuer] {
            issuer = try OptionValues.url(text, EnvironmentVariable.issuer.rawValue)
        }
        guard let issuer = issuer ?? stored?.issuer else { throw CLIError(.loginNeedsIssuer, ["flag": flag]) }
        var clientID = self.clientID
        if clientID == nil, let text = environment[.clientID] {
            clientID = try OptionValues.clientID(text, EnvironmentVariable.clientID.rawValue)
        }
        // The stored client ID belongs to the stored issuer only.
        guard let clientID = clientID ?? (stored?.issuer == issuer ? stored?.clientID : nil) else {
            throw CLIError(.loginNeedsClientID, ["flag": flag])
        }
        var secret: AuthToken?
        if let text = environment[.clientSecret] {
            do {
                secret = try AuthToken(text)
            } catch {
                throw CLIError(.clientSecretInvalid, messages: ["reason": ErrorReport.reason(error)])
            }
        }
        // A key replaces the secret: given both, which one was meant is not known.
        if secret != nil && clientKey != nil { throw CLIError(.loginKeyAndSecret) }
        let method: SignInRequest.Method
        switch grant {
        case .clientCredentials:
            // The platform's token is the client's proof: a secret or key beside it would be a second one.
            if assertion != nil && (secret != nil || clientKey != nil) {
                throw CLIError(.loginAssertionAndSecret)
            }
            guard secret != nil || clientKey != nil || assertion != nil else {
                throw CLIError(.clientCredentialsNeedSecret)
            }
            method = .clientCredentials(assertion: assertion)
        case .jwtBearer:
            guard let assertion else { throw CLIError(.loginGrantNeedsAssertion, ["flag": flag]) }
            method = .jwtBearer(assertion)
        case .tokenExchange(let exchange):
            guard let assertion else { throw CLIError(.loginGrantNeedsAssertion, ["flag": flag]) }
            method = .tokenExchange(exchange, subjectToken: assertion)
        case .device(let endpoint): method = .device(endpoint: endpoint)
        case .web(let opensBrowser, var port, var host, let prompt):
            // The options, else the environment, else the redirect the stored
            // session used at this issuer, else 127.0.0.1 on a port the system picks.
            let reused = stored?.issuer == issuer ? stored?.redirect : nil
            if port == nil, let text = environment[.callbackPort] {
                port = try OptionValues.port(text, EnvironmentVariable.callbackPort.rawValue)
            }
            if host == nil, let text = environment[.callbackHost] {
                host = try OptionValues.loopbackHost(text, EnvironmentVariable.callbackHost.rawValue)
            }
            let usual = ProviderProfile.matching(issuer)?.redirectHost ?? .ipv4
            let redirect = LoopbackRedirect(host: host ?? reused?.host ?? usual, port: port ?? reused?.port)
            method = .web(redirect: redirect, opensBrowser: opensBrowser, prompt: prompt, pasted: nil)
        }
        return SignInRequest(
            method: method, issuer: issuer, clientID: clientID, clientSecret: secret, scopes: scopes,
            server: server, language: context.language, connection: connection, usesDPoP: usesDPoP,
            clientKey: clientKey, tokenEndpoint: tokenEndpoint)
    }
}
