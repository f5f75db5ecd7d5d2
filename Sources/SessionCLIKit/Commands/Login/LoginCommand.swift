import SessionCore
import SessionSupport
import SessionSystem

/// `login`: start a session in one of three ways, each its own type:
/// a token read from standard input or a prompt (``TokenLogin``), a sign-in
/// at a provider (``SignInLogin``), or no new session but the selected one's
/// tokens moved to the keyring or back (``SecretsMove``). This type parses
/// the options, decides which, and hands over.
package struct LoginCommand: Command {
    /// `login`'s options.
    package enum Option: String, CommandOption {
        case withToken = "with-token"
        case device
        case web
        case clientCredentials = "client-credentials"
        case provider
        case issuer
        case clientID = "client-id"
        case scope
        case server
        case deviceEndpoint = "device-endpoint"
        case noBrowser = "no-browser"
        case callbackPort = "callback-port"
        case callbackHost = "callback-host"
        case prompt
        case account
        case expiresIn = "expires-in"
        case secrets
        case caFile = "ca-file"
        case clientCert = "client-cert"
        case clientCertKey = "client-cert-key"
        case dpop
        case privateKeyJWT = "private-key-jwt"
        case keyID = "key-id"
        case keyAudience = "key-audience"
        case jwtBearer = "jwt-bearer"
        case tokenExchange = "token-exchange"
        case assertionFile = "assertion-file"
        case assertionFrom = "assertion-from"
        case assertionAudience = "assertion-audience"
        case subjectTokenType = "subject-token-type"
        case audience
        case resource
        case requestedTokenType = "requested-token-type"
        case tokenEndpoint = "token-endpoint"

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .withToken: OptionSpec(rawValue, help: .loginWithTokenHelp)
            case .server: OptionSpec(rawValue, value: "URL", completion: .server, help: .loginServerHelp)
            case .device: OptionSpec(rawValue, help: .loginDeviceHelp)
            case .web: OptionSpec(rawValue, help: .loginWebHelp)
            case .clientCredentials: OptionSpec(rawValue, help: .loginClientCredentialsHelp)
            case .provider:
                // Written out: every command's start reads every option's spec (a test keeps it true).
                OptionSpec(rawValue, value: "github|gitlab|google|microsoft", help: .loginProviderHelp)
            case .issuer: OptionSpec(rawValue, value: "URL", environment: .issuer, help: .loginIssuerHelp)
            case .clientID:
                OptionSpec(rawValue, value: "ID", environment: .clientID, help: .loginClientIDHelp)
            case .scope: OptionSpec(rawValue, value: "SCOPE", repeatable: true, help: .loginScopeHelp)
            case .deviceEndpoint: OptionSpec(rawValue, value: "URL", help: .loginDeviceEndpointHelp)
            case .noBrowser: OptionSpec(rawValue, help: .loginNoBrowserHelp)
            case .callbackPort:
                OptionSpec(rawValue, value: "N", environment: .callbackPort, help: .loginCallbackPortHelp)
            case .callbackHost:
                OptionSpec(
                    rawValue, value: "127.0.0.1|localhost|::1", environment: .callbackHost,
                    help: .loginCallbackHostHelp)
            case .prompt: OptionSpec(rawValue, value: "login|select_account|consent", help: .loginPromptHelp)
            case .account:
                OptionSpec(
                    rawValue, aliases: ["user"], value: "NAME", completion: .account,
                    help: .loginAccountHelp)
            case .expiresIn: OptionSpec(rawValue, value: "SECONDS", help: .loginExpiresInHelp)
            case .secrets:
                OptionSpec(rawValue, value: "file|keyring", environment: .secrets, help: .loginSecretsHelp)
            case .caFile: OptionSpec(rawValue, value: "PATH", completion: .file, help: .loginCAFileHelp)
            case .clientCert:
                OptionSpec(rawValue, value: "PATH", completion: .file, help: .loginClientCertHelp)
            case .clientCertKey:
                OptionSpec(rawValue, value: "PATH", completion: .file, help: .loginClientCertKeyHelp)
            case .dpop: OptionSpec(rawValue, help: .loginDPoPHelp)
            case .privateKeyJWT:
                OptionSpec(rawValue, value: "PATH", completion: .file, help: .loginPrivateKeyJWTHelp)
            case .keyID: OptionSpec(rawValue, value: "KID", help: .loginKeyIDHelp)
            case .keyAudience: OptionSpec(rawValue, value: "endpoint|issuer", help: .loginKeyAudienceHelp)
            case .jwtBearer: OptionSpec(rawValue, help: .loginJWTBearerHelp)
            case .tokenExchange: OptionSpec(rawValue, help: .loginTokenExchangeHelp)
            case .assertionFile:
                OptionSpec(rawValue, value: "PATH", completion: .file, help: .loginAssertionFileHelp)
            case .assertionFrom:
                OptionSpec(rawValue, value: "github-actions|env:NAME", help: .loginAssertionFromHelp)
            case .assertionAudience: OptionSpec(rawValue, value: "AUD", help: .loginAssertionAudienceHelp)
            case .subjectTokenType:
                OptionSpec(rawValue, value: "jwt|id_token|access_token", help: .loginSubjectTokenTypeHelp)
            case .audience: OptionSpec(rawValue, value: "NAME", repeatable: true, help: .loginAudienceHelp)
            case .resource: OptionSpec(rawValue, value: "URI", repeatable: true, help: .loginResourceHelp)
            case .requestedTokenType:
                OptionSpec(rawValue, value: "access_token|jwt", help: .loginRequestedTokenTypeHelp)
            case .tokenEndpoint: OptionSpec(rawValue, value: "URL", help: .loginTokenEndpointHelp)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "login", summary: .loginSummary, options: Option.self,
        discussion: Message(
            .loginDiscussion,
            ["minutes": String(SessionLimits.keyringUnlockWait.components.seconds / 60)]),
        examples: [
            "session-cli login --device --provider github --client-id my-cli",
            "session-cli login --web --no-browser --provider microsoft --client-id my-cli",
            "session-cli login --device --issuer https://login.example.com \\",
            "    --client-id my-cli --scope openid",
            "session-cli login --web --issuer https://login.example.com --client-id my-cli",
            "printf '%s' \"$TOKEN\" | session-cli login --with-token \\",
            "    --server https://api.example.com --account alice",
            "SESSION_CLI_CLIENT_SECRET=... session-cli login --client-credentials \\",
            "    --issuer https://login.example.com --client-id ci",
            "session-cli login --secrets keyring",
            "session-cli login --web --issuer https://login.corp.example \\",
            "    --client-id my-cli --ca-file /etc/corp/ca.pem",
            "session-cli login --client-credentials --dpop \\",
            "    --issuer https://login.example.com --client-id ci \\",
            "    --private-key-jwt ~/.config/ci/key.pem",
            "session-cli login --client-credentials --assertion-from github-actions \\",
            "    --assertion-audience api://AzureADTokenExchange \\",
            "    --issuer https://login.microsoftonline.com/TENANT/v2.0 --client-id APP",
            "session-cli login --token-exchange --issuer https://sts.example.com \\",
            "    --client-id ci --assertion-file /var/run/secrets/tokens/sts-token",
        ],
        failures: [
            words, .session, .store, .storeLock, .keyring, .input, .prompt, .companion, .network, .signIn,
        ],
        argumentRefusal: .loginTakesNoArguments)

    /// How the session starts.
    enum Job {
        case token(TokenLogin)
        case signIn(SignInLogin)
        case move(SecretsMove)
    }

    let job: Job

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        let grants: [(Option, SignInLogin.Grant.Kind)] = [
            (.device, .device), (.web, .web), (.clientCredentials, .clientCredentials),
            (.jwtBearer, .jwtBearer), (.tokenExchange, .tokenExchange),
        ]
        let given = grants.filter { arguments.has($0.0) }
        guard given.count <= 1 else { throw CLIError(.loginOneWayToSignIn) }
        // A provider named with no way to sign in: say what is missing, not what it does not go with.
        if given.isEmpty, !arguments.has(.withToken),
            let named = [Option.provider, .issuer].first(where: { arguments.value($0) != nil })
        {
            throw CLIError(.loginProviderNeedsWay, ["option": arguments.spelling(named)])
        }
        let secrets = try arguments.value(.secrets).map { text throws(CLIError) -> SecretsLocation in
            try OptionValues.choice(text, "--secrets")
        }
        let account = try arguments.value(.account).map { text throws(CLIError) in
            try OptionValues.account(text, arguments.spelling(.account))
        }
        let server = try arguments.value(.server).map { text throws(CLIError) in
            try OptionValues.url(text, "--server")
        }
        let connection = try Self.connection(arguments)
        let connectionOptions: Set<Option> = [.caFile, .clientCert, .clientCertKey]
        let (mode, allowed): (Message, Set<Option>)
        if let (flag, kind) = given.first {
            mode = Message(.verbatim, ["text": "--" + flag.rawValue])
            allowed = SignInLogin.options(for: kind).union([
                .secrets, .dpop, .privateKeyJWT, .keyID, .keyAudience,
            ])
            .union(
                SignInLogin.spendsAssertion(kind)
                    ? [.assertionFile, .assertionFrom, .assertionAudience, .tokenEndpoint] : []
            )
            .union(connectionOptions)
            var login = try SignInLogin(kind, arguments: arguments, server: server, secrets: secrets)
            login.connection = connection
            login.usesDPoP = arguments.has(.dpop)
            login.clientKey = try Self.clientKey(arguments)
            login.assertion = try Self.assertion(arguments)
            login.tokenEndpoint = try arguments.value(.tokenEndpoint).map { text throws(CLIError) in
                try OptionValues.url(text, "--token-endpoint")
            }
            job = .signIn(login)
        } else if let secrets, !arguments.has(.withToken), arguments.value(.expiresIn) == nil {
            mode = Message(.loginModeMove)
            allowed = [.secrets, .server, .account]
            job = .move(SecretsMove(to: secrets, server: server, account: account))
        } else {
            mode = Message(.loginModeToken)
            allowed = Set([.withToken, .server, .account, .expiresIn, .secrets]).union(connectionOptions)
            var login = TokenLogin(
                readsStandardInput: arguments.has(.withToken), account: account, server: server,
                lifetime: try arguments.value(.expiresIn).map { text throws(CLIError) in
                    try OptionValues.lifetime(text, "--expires-in")
                }, secrets: secrets)
            login.connection = connection
            job = .token(login)
        }
        let present = Option.allCases.filter { arguments.has($0) || !arguments.values($0).isEmpty }
        if let stray = present.first(where: { !allowed.contains($0) }) {
            throw CLIError(
                .optionDoesNotGoWith, ["option": arguments.spelling(stray), "command": "login"],
                messages: ["mode": mode])
        }
    }

    /// `--ca-file`, `--client-cert` and `--client-cert-key`, as absolute
    /// paths, each file checked now: a session never keeps a path that
    /// cannot be used.
    static func connection(_ arguments: ParsedArguments<Option>) throws(CLIError) -> ConnectionSettings {
        var connection = ConnectionSettings()
        connection.caFile = try arguments.value(.caFile).map { text throws(CLIError) in
            try OptionValues.path(text, "--ca-file")
        }
        switch (arguments.value(.clientCert), arguments.value(.clientCertKey)) {
        case (nil, nil): break
        case (let certificate?, let key?):
            connection.clientCertificate = ClientCertificate(
                certificateFile: try OptionValues.path(certificate, "--client-cert"),
                keyFile: try OptionValues.path(key, "--client-cert-key"))
        case (nil, _):
            throw CLIError(.optionNeedsOther, ["option": "--client-cert-key", "other": "--client-cert"])
        case (_, nil):
            throw CLIError(.optionNeedsOther, ["option": "--client-cert", "other": "--client-cert-key"])
        }
        do {
            try connection.checkFiles()
        } catch {
            throw ErrorReport.cliError(for: error)
        }
        return connection
    }

    /// `--private-key-jwt PATH` (absolute) with `--key-id`; the file is read by the sign-in.
    static func clientKey(_ arguments: ParsedArguments<Option>) throws(CLIError) -> ClientKey? {
        guard let path = arguments.value(.privateKeyJWT) else {
            for option in [Option.keyID, .keyAudience] where arguments.value(option) != nil {
                throw CLIError(
                    .optionNeedsOther, ["option": "--" + option.rawValue, "other": "--private-key-jwt"])
            }
            return nil
        }
        let audience = try arguments.value(.keyAudience).map { text throws(CLIError) in
            try OptionValues.choice(text, "--key-audience", as: ClientKey.Audience.self)
        }
        let keyID = try arguments.value(.keyID).map { text throws(CLIError) in
            guard !text.isEmpty, text.utf8.count <= 256, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else { throw CLIError(.loginKeyIDInvalid) }
            return text
        }
        return ClientKey(
            path: try OptionValues.path(path, "--private-key-jwt"), keyID: keyID,
            audience: audience ?? .endpoint)
    }

    /// `--assertion-file PATH` or `--assertion-from github-actions|env:NAME`
    /// (with `--assertion-audience` for GitHub Actions): where each platform
    /// token is read, kept with the session; the token never is.
    static func assertion(_ arguments: ParsedArguments<Option>) throws(CLIError) -> AssertionSource? {
        let audience = try arguments.value(.assertionAudience).map { text throws(CLIError) in
            guard !text.isEmpty, text.utf8.count <= 512, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else { throw CLIError(.loginAssertionAudienceInvalid) }
            return text
        }
        let from = arguments.value(.assertionFrom)
        if audience != nil && from != "github-actions" {
            throw CLIError(
                .optionNeedsOther,
                ["option": "--assertion-audience", "other": "--assertion-from github-actions"])
        }
        switch (arguments.value(.assertionFile), from) {
        case (nil, nil): return nil
        case (_?, _?): throw CLIError(.loginOneAssertionSource)
        case (let path?, nil): return .file(try OptionValues.path(path, "--assertion-file"))
        case (nil, "github-actions"?): return .githubActions(audience: audience)
        case (nil, let from?):
            // A variable's name, and not one that holds another secret (the request token, the client secret).
            guard from.hasPrefix("env:"), AssertionSource.isReadableVariable(String(from.dropFirst(4))) else {
                throw CLIError(.loginAssertionFromInvalid)
            }
            return .environment(String(from.dropFirst(4)))
        }
    }

    package func run(context: CommandContext) throws -> ExitCode {
        try context.refuseWhileOverridden(.actionLogIn)
        switch job {
        case .token(let login): return try login.run(context: context)
        case .signIn(let login): return try login.run(context: context)
        case .move(let move): return try move.run(context: context)
        }
    }

    /// Where the new session's tokens go: `--secrets`, else `SESSION_CLI_SECRETS`, else `nil`
    /// (where the session it replaces had them, else the file).
    static func secretsLocation(_ given: SecretsLocation?, _ context: CommandContext) throws(CLIError)
        -> SecretsLocation?
    {
        if let given { return given }
        guard let text = context.environment[.secrets] else { return nil }
        return try OptionValues.choice(text, EnvironmentVariable.secrets.rawValue)
    }
}

// The help of each option above, in English and Japanese.
extension MessageKey {
    static var loginWithTokenHelp: MessageKey {
        MessageKey(
            "Read the token from standard input (one trailing newline is removed); on a terminal, it is asked for with echo off.",
            "トークンを標準入力から読みます (末尾の改行 1 つは取り除きます)。端末ではエコーを止めて入力させます。")
    }
    static var loginServerHelp: MessageKey {
        MessageKey(
            "The server the token belongs to (https, or http to this machine).",
            "トークンを使うサーバー (https、またはこのマシン宛ての http)。")
    }
    static var loginDeviceHelp: MessageKey {
        MessageKey(
            "Sign in at the identity provider with a code entered in any browser.",
            "どのブラウザーでも入力できるコードで ID プロバイダーにサインインします。")
    }
    static var loginWebHelp: MessageKey {
        MessageKey(
            "Sign in at the identity provider in this machine's browser.",
            "このマシンのブラウザーで ID プロバイダーにサインインします。")
    }
    static var loginClientCredentialsHelp: MessageKey {
        MessageKey(
            "Sign in as the client itself, with no person (secret: SESSION_CLI_CLIENT_SECRET).",
            "人を介さず、クライアント自身としてサインインします (シークレットは SESSION_CLI_CLIENT_SECRET)。")
    }
    static var loginProviderHelp: MessageKey {
        MessageKey(
            "A provider by name, with what is known of it (its issuer is the default).",
            "名前で指定するプロバイダー。その既知の事情を使います (発行者の既定値になります)。")
    }
    static var loginIssuerHelp: MessageKey {
        MessageKey(
            "The provider (default: the session's provider).",
            "プロバイダー (省略時: セッションのプロバイダー)。")
    }
    static var loginClientIDHelp: MessageKey {
        MessageKey(
            "The client ID (default: the session's).",
            "クライアント ID (省略時: セッションのもの)。")
    }
    static var loginScopeHelp: MessageKey {
        MessageKey(
            "A scope to ask for (repeatable).",
            "要求するスコープ (複数指定可)。")
    }
    static var loginDeviceEndpointHelp: MessageKey {
        MessageKey(
            "The device authorization endpoint, when discovery lists none.",
            "ディスカバリーに載っていないときの、デバイス認可エンドポイント。")
    }
    static var loginNoBrowserHelp: MessageKey {
        MessageKey(
            "With --web: print the URL, do not open a browser; on a terminal, also take the address pasted back.",
            "--web で: ブラウザーを開かず URL を出力します。端末では貼り付けたアドレスも受け付けます。")
    }
    static var loginCallbackPortHelp: MessageKey {
        MessageKey(
            "With --web: listen on this port (default: a random one).",
            "--web で: このポートで待ち受けます (省略時: ランダム)。")
    }
    static var loginCallbackHostHelp: MessageKey {
        MessageKey(
            "With --web: the redirect's host (default: 127.0.0.1).",
            "--web で: リダイレクト先のホスト (省略時: 127.0.0.1)。")
    }
    static var loginPromptHelp: MessageKey {
        MessageKey(
            "With --web: what the provider shows, so another account can sign in.",
            "--web で: プロバイダーに表示させる画面。別のアカウントでサインインするときに。")
    }
    static var loginAccountHelp: MessageKey {
        MessageKey(
            "The account the token belongs to (--user is the same).",
            "トークンのアカウント (--user も同じ)。")
    }
    static var loginExpiresInHelp: MessageKey {
        MessageKey(
            "How long the token stays valid (default: no expiry).",
            "トークンの有効期間 (省略時: 期限なし)。")
    }
    static var loginSecretsHelp: MessageKey {
        MessageKey(
            "Where the tokens are kept (default: where the session had them, else file). Alone: move an existing session's tokens there.",
            "トークンの保管場所 (省略時: セッションが使っていた場所、なければ file)。これだけを指定すると、既存のセッションのトークンをそこへ移します。")
    }
    static var loginCAFileHelp: MessageKey {
        MessageKey(
            "A PEM file of CAs to trust, besides the system's, for this session's provider and server (kept with the session).",
            "このセッションのプロバイダーとサーバーについて、システムの CA に加えて信頼する CA の PEM ファイル (セッションと一緒に保存)。")
    }
    static var loginClientCertHelp: MessageKey {
        MessageKey(
            "A PEM client certificate to present to the provider and the server (kept with the session; needs --client-cert-key).",
            "プロバイダーとサーバーに提示する PEM のクライアント証明書 (セッションと一緒に保存。--client-cert-key が必要)。")
    }
    static var loginClientCertKeyHelp: MessageKey {
        MessageKey(
            "The certificate's PEM private key, readable by you only; only its path is kept.",
            "証明書の PEM 秘密鍵。自分だけが読めるファイルにしてください。保存されるのはパスだけです。")
    }
    static var loginDPoPHelp: MessageKey {
        MessageKey(
            "Bind the session's tokens to a new key of its own (DPoP, RFC 9449): a copied token is useless without it.",
            "セッションのトークンを専用の新しい鍵に束縛します (DPoP、RFC 9449)。コピーされたトークンは鍵なしでは使えません。")
    }
    static var loginPrivateKeyJWTHelp: MessageKey {
        MessageKey(
            "Authenticate the client with a signed assertion of this private key (PEM, P-256 or RSA, readable by you only) instead of a secret; the path is kept with the session, the key never is.",
            "シークレットの代わりに、この秘密鍵 (PEM、P-256 か RSA、本人だけが読めるもの) で署名したアサーションでクライアントを認証します。パスはセッションに保存されますが、鍵そのものは保存されません。"
        )
    }
    static var loginKeyIDHelp: MessageKey {
        MessageKey(
            "The key's ID at the provider (kid), with --private-key-jwt.",
            "プロバイダーでの鍵の ID (kid)。--private-key-jwt と一緒に使います。")
    }
    static var loginKeyAudienceHelp: MessageKey {
        MessageKey(
            "What each assertion's aud names, with --private-key-jwt: the URL of the endpoint it goes to (default; OpenID Connect), or the issuer (FAPI 2.0).",
            "--private-key-jwt と一緒に: 各アサーションの aud に入れるもの。送り先エンドポイントの URL (既定、OpenID Connect) か、発行者 (FAPI 2.0)。"
        )
    }
    static var loginJWTBearerHelp: MessageKey {
        MessageKey(
            "Sign in a machine with its platform's token as the grant (RFC 7523 §2.1), at a provider that trusts the platform's issuer for it.",
            "プラットフォームのトークンをグラントにしてマシンをサインインさせます (RFC 7523 §2.1)。プラットフォームの発行者をそのために信頼するプロバイダーで使います。")
    }
    static var loginTokenExchangeHelp: MessageKey {
        MessageKey(
            "Sign in a machine by exchanging its platform's token for the provider's (RFC 8693): Google's STS, Keycloak.",
            "プラットフォームのトークンをプロバイダーのトークンと交換してマシンをサインインさせます (RFC 8693): Google の STS、Keycloak。")
    }
    static var loginAssertionFileHelp: MessageKey {
        MessageKey(
            "Read the platform's token from this file at each sign-in and renewal (a Kubernetes projected service-account token); the path is kept, the token never is.",
            "サインインと更新のたびにこのファイルからプラットフォームのトークンを読みます (Kubernetes の projected サービスアカウントトークンなど)。パスは保存されますが、トークンは保存されません。"
        )
    }
    static var loginAssertionFromHelp: MessageKey {
        MessageKey(
            "Ask GitHub Actions for the platform's token at each sign-in and renewal (the job needs `permissions: id-token: write`), or read it from the variable NAME (GitLab CI's id_tokens; a process without it cannot renew).",
            "サインインと更新のたびに GitHub Actions にプラットフォームのトークンを求めます (ジョブに `permissions: id-token: write` が必要)。または変数 NAME から読みます (GitLab CI の id_tokens。その変数のないプロセスは更新できません)。"
        )
    }
    static var loginAssertionAudienceHelp: MessageKey {
        MessageKey(
            "The audience to ask GitHub Actions' token for (its aud claim); GitHub's default when not given.",
            "GitHub Actions に求めるトークンのオーディエンス (aud クレーム)。指定しなければ GitHub の既定値です。")
    }
    static var loginSubjectTokenTypeHelp: MessageKey {
        MessageKey(
            "With --token-exchange: the platform token's type (default jwt).",
            "--token-exchange で: プラットフォームのトークンの種類 (既定は jwt)。")
    }
    static var loginAudienceHelp: MessageKey {
        MessageKey(
            "With --token-exchange: a service the token is for, by name (repeatable).",
            "--token-exchange で: トークンを使うサービスの名前 (繰り返し可)。")
    }
    static var loginResourceHelp: MessageKey {
        MessageKey(
            "With --token-exchange: a service the token is for, as an absolute URI (repeatable).",
            "--token-exchange で: トークンを使うサービスの絶対 URI (繰り返し可)。")
    }
    static var loginRequestedTokenTypeHelp: MessageKey {
        MessageKey(
            "With --token-exchange: the type of token to ask for; the provider's choice when not given.",
            "--token-exchange で: 求めるトークンの種類。指定しなければプロバイダーが選びます。")
    }
    static var loginTokenEndpointHelp: MessageKey {
        MessageKey(
            "With --client-credentials, --jwt-bearer or --token-exchange: the provider's token endpoint, for one that publishes no discovery document (Google's STS); the issuer names the session's provider.",
            "--client-credentials、--jwt-bearer、--token-exchange で: ディスカバリー文書を公開しないプロバイダー (Google の STS) のトークンエンドポイント。発行者 (issuer) はセッションのプロバイダーを表します。"
        )
    }
}
