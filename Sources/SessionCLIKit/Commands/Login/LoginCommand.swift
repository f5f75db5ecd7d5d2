import SessionCore
import SessionSupport

/// `login`: sign in at a provider (`--device`, `--web`), or save a token read
/// from standard input or a prompt, as the session.
package struct LoginCommand: Command {
    /// `login`'s options.
    package enum Option: String, CommandOption {
        case withToken = "with-token"
        case device
        case web
        case clientCredentials = "client-credentials"
        case issuer
        case clientID = "client-id"
        case scope
        case server
        case deviceEndpoint = "device-endpoint"
        case noBrowser = "no-browser"
        case callbackPort = "callback-port"
        case callbackHost = "callback-host"
        case prompt
        case user
        case expiresIn = "expires-in"
        case secrets

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .withToken:
                OptionSpec(
                    rawValue, help: "Read the token from standard input (one trailing newline is removed).")
            case .server:
                OptionSpec(
                    rawValue, value: "URL",
                    help: "The server the token belongs to (https, or http to this machine).")
            case .device:
                OptionSpec(
                    rawValue, help: "Sign in at the identity provider with a code entered in any browser.")
            case .web:
                OptionSpec(rawValue, help: "Sign in at the identity provider in this machine's browser.")
            case .clientCredentials:
                OptionSpec(
                    rawValue,
                    help: "Sign in as the client itself, with no person (secret: $SESSION_CLI_CLIENT_SECRET)."
                )
            case .issuer:
                OptionSpec(
                    rawValue, value: "URL",
                    help: "The provider (default: $SESSION_CLI_ISSUER, else the session's provider).")
            case .clientID:
                OptionSpec(
                    rawValue, value: "ID",
                    help: "The client ID (default: $SESSION_CLI_CLIENT_ID, else the session's).")
            case .scope:
                OptionSpec(
                    rawValue, value: "SCOPE", repeatable: true, help: "A scope to ask for (repeatable).")
            case .deviceEndpoint:
                OptionSpec(
                    rawValue, value: "URL",
                    help: "The device authorization endpoint, when discovery lists none.")
            case .noBrowser: OptionSpec(rawValue, help: "With --web: print the URL, do not open a browser.")
            case .callbackPort:
                OptionSpec(
                    rawValue, value: "N",
                    help:
                        "With --web: listen on this port (default: $SESSION_CLI_CALLBACK_PORT, else random).")
            case .callbackHost:
                OptionSpec(
                    rawValue, value: "127.0.0.1|localhost|::1",
                    help:
                        "With --web: the redirect's host (default: $SESSION_CLI_CALLBACK_HOST, else 127.0.0.1)."
                )
            case .prompt:
                OptionSpec(
                    rawValue, value: "login|select_account|consent",
                    help: "With --web: what the provider shows, so another account can sign in.")
            case .user: OptionSpec(rawValue, value: "NAME", help: "The account the token belongs to.")
            case .expiresIn:
                OptionSpec(
                    rawValue, value: "SECONDS", help: "How long the token stays valid (default: no expiry).")
            case .secrets:
                OptionSpec(
                    rawValue, value: "file|keyring",
                    help: "Where the tokens are kept (default: $SESSION_CLI_SECRETS, else where the session "
                        + "had them, else file). Alone: move an existing session's tokens there.")
            }
        }
    }

    package static let spec = CommandSpec(
        name: "login", summary: "Sign in at an identity provider, or save a token, as the session.",
        options: Option.self,
        discussion: """
            --device and --web sign in at an OAuth 2.0 / OpenID Connect provider. --device prints a
            code and a URL on stderr, each on its own line; enter the code there, in any browser.
            --web opens this machine's browser (register http://127.0.0.1/callback as the redirect; for a
            provider that compares it exactly, fix it with --callback-port and --callback-host).
            SESSION_CLI_CLIENT_SECRET (environment only) makes the client confidential.
            --client-credentials signs a machine in (a CI job, a service): the client credentials grant,
            with the secret from SESSION_CLI_CLIENT_SECRET. The session's account is the client ID; there
            is no refresh token, and a due token is renewed by running the grant again.
            Without them, the token is read from standard input (--with-token) or, on a terminal,
            asked for with echo off. The token is never an argument: other users can read
            arguments with ps.
            A session is known by its server's origin and its account. A login with the key of a
            session there replaces it, and revokes the grant it replaces; any other adds a session.
            Either way the new session becomes the default. A failed login changes nothing.
            --secrets keyring keeps the access token, the refresh token, the ID token and the client
            secret in the system keyring (the Secret Service on the session D-Bus: gnome-keyring, KWallet,
            KeePassXC); the session file keeps the rest, and the token's first characters for status.
            When the keyring cannot be used, the login fails (exit 69) and nothing is written: never a
            silent fallback to the file. A locked keyring's unlock prompt is waited for up to
            \(SessionLimits.keyringUnlockWait.components.seconds / 60) minutes (Ctrl-C cancels).
            login --secrets keyring|file with no way to sign in given moves the session's tokens (the
            default session, or the one --server and --user name) without a new sign-in: into the keyring
            before the file loses them, or back into the file.

            Examples:
              session-cli login --device --issuer https://login.example.com --client-id my-cli --scope openid
              SESSION_CLI_CLIENT_SECRET=... session-cli login --client-credentials --issuer https://login.example.com --client-id ci
              printf '%s' "$TOKEN" | session-cli login --with-token --server https://api.example.com --user alice
              session-cli login --secrets keyring
            """,
        argumentRefusal: "login takes no arguments and never a token; if that was your token, revoke it "
            + "(it may be in your shell history) and pipe a new one to 'session-cli login --with-token'")

    /// How the session is started, with what only that way takes.
    enum Method {
        /// A token from standard input (`--with-token`) or the prompt.
        case token(readsStandardInput: Bool, account: String?, lifetime: TimeInterval?)
        /// A sign-in at a provider.
        case signIn(Grant)
        /// No new session: the tokens of the one selected move to `location`.
        case move(to: SecretsLocation, account: String?)
    }

    /// The grant of a sign-in at a provider.
    enum Grant {
        /// The device authorization grant.
        case device(endpoint: URL?)
        /// The authorization code grant in the browser.
        case web(opensBrowser: Bool, port: Int?, host: LoopbackRedirect.Host?, prompt: String?)
        /// The client credentials grant: the client as itself.
        case clientCredentials

        /// The option that chose it.
        var flag: String {
            switch self {
            case .device: "--device"
            case .web: "--web"
            case .clientCredentials: "--client-credentials"
            }
        }
    }

    let method: Method
    /// Where the token may go.
    let server: URL?
    let issuer: URL?
    let clientID: String?
    let scopes: [String]
    /// `--secrets`.
    let secrets: SecretsLocation?

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        let device = arguments.has(.device)
        let web = arguments.has(.web)
        let machine = arguments.has(.clientCredentials)
        guard [device, web, machine].filter({ $0 }).count <= 1 else {
            throw .usage("give one of --device, --web and --client-credentials")
        }
        let (givenMode, givenAllowed): (String, Set<Option>) =
            device
            ? ("--device", [.device, .issuer, .clientID, .scope, .server, .deviceEndpoint])
            : web
                ? (
                    "--web",
                    [
                        .web, .issuer, .clientID, .scope, .server, .noBrowser, .callbackPort, .callbackHost,
                        .prompt,
                    ]
                )
                : machine
                    ? ("--client-credentials", [.clientCredentials, .issuer, .clientID, .scope, .server])
                    : ("a token login", [.withToken, .server, .user, .expiresIn])
        secrets = try arguments.value(.secrets).map { text throws(CLIError) in
            try Self.secretsLocation(text, "--secrets")
        }
        let moves =
            secrets != nil && !device && !web && !machine && !arguments.has(.withToken)
            && arguments.value(.expiresIn) == nil
        let (mode, allowed): (String, Set<Option>) =
            moves
            ? ("--secrets alone", [.secrets, .server, .user]) : (givenMode, givenAllowed.union([.secrets]))
        let given = Option.allCases.filter { arguments.has($0) || !arguments.values($0).isEmpty }
        if let stray = given.first(where: { !allowed.contains($0) }) {
            throw .usage("--\(stray.rawValue) does not go with \(mode); see 'session-cli help login'")
        }
        server = try arguments.value(.server).map { text throws(CLIError) in
            try OptionValues.url(text, "--server")
        }
        issuer = try arguments.value(.issuer).map { text throws(CLIError) in
            try OptionValues.url(text, "--issuer")
        }
        clientID = try arguments.value(.clientID).map { text throws(CLIError) in
            try OptionValues.clientID(text, "--client-id")
        }
        scopes = try arguments.values(.scope).map(OptionValues.scope)
        if let secrets, moves {
            method = .move(
                to: secrets,
                account: try arguments.value(.user).map { text throws(CLIError) in
                    try OptionValues.account(text, "--user")
                })
        } else if machine {
            method = .signIn(.clientCredentials)
        } else if device {
            method = .signIn(
                .device(
                    endpoint: try arguments.value(.deviceEndpoint).map { text throws(CLIError) in
                        try OptionValues.url(text, "--device-endpoint")
                    }))
        } else if web {
            method = .signIn(
                .web(
                    opensBrowser: !arguments.has(.noBrowser),
                    port: try arguments.value(.callbackPort).map { text throws(CLIError) in
                        try OptionValues.port(text, "--callback-port")
                    },
                    host: try arguments.value(.callbackHost).map { text throws(CLIError) in
                        try OptionValues.loopbackHost(text, "--callback-host")
                    },
                    prompt: try arguments.value(.prompt).map { text throws(CLIError) in
                        guard ["login", "select_account", "consent"].contains(text) else {
                            throw .usage("invalid --prompt: give login, select_account or consent")
                        }
                        return text
                    }))
        } else {
            method = .token(
                readsStandardInput: arguments.has(.withToken),
                account: try arguments.value(.user).map { text throws(CLIError) in
                    try OptionValues.account(text, "--user")
                },
                lifetime: try arguments.value(.expiresIn).map { text throws(CLIError) in
                    try OptionValues.lifetime(text, "--expires-in")
                })
        }
    }

    package func run(context: CommandContext) throws -> ExitCode {
        try context.refuseWhileOverridden("log in")
        let store = try context.store()
        // A session file that cannot be read is reported, not silently replaced.
        let sessions = try store.readSessions()
        var location = secrets
        if location == nil, let text = context.environment[.secrets] {
            location = try Self.secretsLocation(text, EnvironmentVariable.secrets.rawValue)
        }
        let provider: any CredentialProvider
        var network: (any Network)?
        switch method {
        case .move(let location, let account):
            return try move(to: location, account: account, in: store, context: context)
        case .token(let readsStandardInput, let account, let lifetime):
            guard readsStandardInput || context.input.isTerminal else {
                throw CLIError.usage(
                    "no token: standard input is not a terminal; pipe the token with "
                        + "printf '%s' \"$TOKEN\" | session-cli login --with-token")
            }
            // The grant this login will replace is revoked: the network, if
            // it takes one, before the token is read.
            let key = SessionKey(server: server, account: account)
            if (try? sessions.entry(.key(key))?.credential())??.provider?.revocationEndpoint != nil {
                network = try context.network()
            }
            provider = TokenInput(
                source: readsStandardInput ? .standardInput : .prompt, account: account, server: server,
                lifetime: lifetime, input: context.input, console: context.console, now: context.now)
        case .signIn(let grant):
            let stored = (try? sessions.entry(.defaultSession)?.credential())??.provider
            let request = try signInRequest(grant, context, stored: stored)
            let signingIn = try context.network()
            network = signingIn
            let console = context.console
            provider = signingIn.signIn(request) { Self.show($0, on: console) }
        }
        // A keyring that cannot be used fails the login before the sign-in,
        // or the token read, so before any grant exists.
        if location == .keyring { try store.keyring.prepare() }
        let target = LoginTarget(store, secrets: location)
        let state: LoginState
        do {
            state = try waitFor { try await Login(provider: provider).perform(with: target) }
        } catch let error as KeyringError {
            // Signed in, but the keyring would not keep it: the new grant is revoked, not left alive.
            if let network, let unsaved = target.unsaved, unsaved.provider?.revocationEndpoint != nil {
                context.console.error(try waitFor { await network.revoke(unsaved) }.message)
            }
            throw error
        }
        let who =
            state.credential.map(CommandContext.describe).flatMap { $0.isEmpty ? nil : " as \($0)" } ?? ""
        context.console.out("Logged in\(who).")
        if target.saved?.secretsLocation == .keyring {
            context.console.out("Its tokens are in the system keyring.")
        }
        if let replaced = target.replaced {
            let old = CommandContext.describe(replaced)
            context.console.out("Replaced the previous session\(old.isEmpty ? "" : " (\(old))").")
            // The grant this login replaces is revoked, not left alive at the provider.
            if let network, let issuer = replaced.provider?.issuer,
                replaced.provider?.revocationEndpoint != nil,
                replaced.refreshToken == nil || replaced.refreshToken != state.credential?.refreshToken
            {
                let revocation =
                    if replaced.holdsStandIns {
                        // Never sent: what stands in for tokens the keyring could not give.
                        Revocation.failed(
                            issuer: issuer.absoluteString,
                            reason: "its tokens could not be read from the keyring")
                    } else {
                        try waitFor { await network.revoke(replaced) }
                    }
                context.console.error(revocation.message)
            }
        }
        let others = try store.readSessions().entries.count - 1
        if others > 0 {
            context.console.out(
                "It is now the default session; \(others) other session\(others == 1 ? "" : "s") kept "
                    + "(session-cli status lists them, session-cli switch changes the default).")
        }
        return .success
    }

    /// `login --secrets file|keyring` alone: the selected session's tokens
    /// move, under the store's lock, into the keyring before the file stops
    /// holding them, or back into the file before the keyring's items go.
    private func move(
        to location: SecretsLocation, account: String?, in store: FileLoginStateStore, context: CommandContext
    )
        throws -> ExitCode
    {
        var selection = try SessionSelection(server: nil, account: nil)
        selection.server = server
        selection.account = account
        guard let session = try context.session(selection, in: store) else {
            throw CLIError(
                "no session to move to the \(location == .keyring ? "keyring" : "session file"); log in with "
                    + "--secrets \(location.rawValue) and --with-token, --device, --web or --client-credentials",
                code: .failure)
        }
        let name = TerminalText.escaped(session.key.description)
        let place = location == .keyring ? "the system keyring" : "the session file"
        guard session.credential.secretsLocation != location else {
            context.console.out("The tokens of \(name) are already in \(place).")
            return .success
        }
        let moved = try session.repository.update { state -> Bool in
            guard var credential = state.credential else { return false }
            credential.secretsLocation = location
            state = .loggedIn(credential)
            return true
        }
        guard moved else {
            throw CLIError("not logged in; the session was removed meanwhile", code: .failure)
        }
        context.console.out("Moved the tokens of \(name) to \(place).")
        return .success
    }

    /// `file` or `keyring`, from `--secrets` or `SESSION_CLI_SECRETS`.
    private static func secretsLocation(_ text: String, _ name: String) throws(CLIError) -> SecretsLocation {
        guard let location = SecretsLocation(rawValue: text) else {
            throw .usage("invalid \(name): give file or keyring")
        }
        return location
    }

    /// The sign-in as decided from the options, then the environment, then
    /// the stored session's provider.
    private func signInRequest(_ grant: Grant, _ context: CommandContext, stored: OAuthProvider?)
        throws(CLIError) -> SignInRequest
    {
        let environment = context.environment
        let flag = grant.flag
        var issuer = self.issuer
        if issuer == nil, let text = environment[.issuer] {
            issuer = try OptionValues.url(text, EnvironmentVariable.issuer.rawValue)
        }
        guard let issuer = issuer ?? stored?.issuer else {
            throw .usage("login \(flag) needs a provider: give --issuer URL or set SESSION_CLI_ISSUER")
        }
        var clientID = self.clientID
        if clientID == nil, let text = environment[.clientID] {
            clientID = try OptionValues.clientID(text, EnvironmentVariable.clientID.rawValue)
        }
        // The stored client ID belongs to the stored issuer only.
        guard let clientID = clientID ?? (stored?.issuer == issuer ? stored?.clientID : nil) else {
            throw .usage("login \(flag) needs a client ID: give --client-id ID or set SESSION_CLI_CLIENT_ID")
        }
        var secret: AuthToken?
        if let text = environment[.clientSecret] {
            do {
                secret = try AuthToken(text)
            } catch {
                throw .usage("SESSION_CLI_CLIENT_SECRET is not a valid client secret: \(error)")
            }
        }
        let signInMethod: SignInRequest.Method
        switch grant {
        case .clientCredentials:
            guard secret != nil else {
                throw .usage(
                    "login --client-credentials needs the client's secret in SESSION_CLI_CLIENT_SECRET "
                        + "(never an option: other users can read arguments with ps)")
            }
            signInMethod = .clientCredentials
        case .device(let endpoint): signInMethod = .device(endpoint: endpoint)
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
            let redirect = LoopbackRedirect(host: host ?? reused?.host ?? .ipv4, port: port ?? reused?.port)
            signInMethod = .web(redirect: redirect, opensBrowser: opensBrowser, prompt: prompt)
        }
        return SignInRequest(
            method: signInMethod, issuer: issuer, clientID: clientID, clientSecret: secret, scopes: scopes,
            server: server, language: context.language)
    }

    /// What a person must see during a sign-in, each on its own line of
    /// standard error, so a person can read it and a script can find it.
    private static func show(_ event: SignInEvent, on console: Console) {
        switch event {
        case .deviceCode(let userCode, let verificationURI, let complete, let expiresIn):
            console.error(
                "To sign in, open the URL in a browser and enter the code (expires in \(expiresIn / 60) min):"
            )
            console.error("URL: \(verificationURI.absoluteString)")
            console.error("Code: \(userCode)")
            if let complete { console.error("URL with the code: \(complete.absoluteString)") }
            console.error("Waiting for approval (Ctrl-C cancels)...")
        case .authorizationURL(let url, let opening):
            console.error("Sign in at this URL\(opening ? " (opening your browser)" : ""):")
            console.error("URL: \(url.absoluteString)")
        case .waitingForBrowser(let redirectURI):
            console.error(
                "Waiting for the browser to come back to \(redirectURI.absoluteString) (Ctrl-C cancels)...")
        case .refusedCallback(let reason):
            console.error("session-cli: refused a request to the sign-in listener: \(reason); still waiting")
        }
    }
}
