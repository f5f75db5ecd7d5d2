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

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .withToken: OptionSpec(rawValue, help: .loginOptionWithToken)
            case .server: OptionSpec(rawValue, value: "URL", completion: .server, help: .loginOptionServer)
            case .device: OptionSpec(rawValue, help: .loginOptionDevice)
            case .web: OptionSpec(rawValue, help: .loginOptionWeb)
            case .clientCredentials: OptionSpec(rawValue, help: .loginOptionClientCredentials)
            case .provider:
                // Written out: every command's start reads every option's spec (a test keeps it true).
                OptionSpec(rawValue, value: "github|gitlab|google|microsoft", help: .loginOptionProvider)
            case .issuer: OptionSpec(rawValue, value: "URL", environment: .issuer, help: .loginOptionIssuer)
            case .clientID:
                OptionSpec(rawValue, value: "ID", environment: .clientID, help: .loginOptionClientID)
            case .scope: OptionSpec(rawValue, value: "SCOPE", repeatable: true, help: .loginOptionScope)
            case .deviceEndpoint: OptionSpec(rawValue, value: "URL", help: .loginOptionDeviceEndpoint)
            case .noBrowser: OptionSpec(rawValue, help: .loginOptionNoBrowser)
            case .callbackPort:
                OptionSpec(rawValue, value: "N", environment: .callbackPort, help: .loginOptionCallbackPort)
            case .callbackHost:
                OptionSpec(
                    rawValue, value: "127.0.0.1|localhost|::1", environment: .callbackHost,
                    help: .loginOptionCallbackHost)
            case .prompt:
                OptionSpec(rawValue, value: "login|select_account|consent", help: .loginOptionPrompt)
            case .account:
                OptionSpec(
                    rawValue, aliases: ["user"], value: "NAME", completion: .account,
                    help: .loginOptionAccount)
            case .expiresIn: OptionSpec(rawValue, value: "SECONDS", help: .loginOptionExpiresIn)
            case .secrets:
                OptionSpec(rawValue, value: "file|keyring", environment: .secrets, help: .loginOptionSecrets)
            case .caFile: OptionSpec(rawValue, value: "PATH", completion: .file, help: .loginOptionCAFile)
            case .clientCert:
                OptionSpec(rawValue, value: "PATH", completion: .file, help: .loginOptionClientCert)
            case .clientCertKey:
                OptionSpec(rawValue, value: "PATH", completion: .file, help: .loginOptionClientCertKey)
            case .dpop: OptionSpec(rawValue, help: .loginOptionDPoP)
            case .privateKeyJWT:
                OptionSpec(rawValue, value: "PATH", completion: .file, help: .loginOptionPrivateKeyJWT)
            case .keyID: OptionSpec(rawValue, value: "KID", help: .loginOptionKeyID)
            case .keyAudience:
                OptionSpec(rawValue, value: "endpoint|issuer", help: .loginOptionKeyAudience)
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
        ],
        exitCodes: [
            .success, .failure, .usage, .badData, .unavailable, .software, .ioError, .busy, .badProtocol,
            .noPermission, .interrupted,
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
        ]
        let given = grants.filter { arguments.has($0.0) }
        guard given.count <= 1 else { throw .usage(.loginOneWayToSignIn) }
        // A provider named with no way to sign in: say what is missing, not what it does not go with.
        if given.isEmpty, !arguments.has(.withToken),
            let named = [Option.provider, .issuer].first(where: { arguments.value($0) != nil })
        {
            throw .usage(.loginProviderNeedsWay, ["option": arguments.spelling(named)])
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
            .union(connectionOptions)
            var login = try SignInLogin(kind, arguments: arguments, server: server, secrets: secrets)
            login.connection = connection
            login.usesDPoP = arguments.has(.dpop)
            login.clientKey = try Self.clientKey(arguments)
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
            throw .usage(
                Message(
                    .optionDoesNotGoWith, ["option": arguments.spelling(stray), "command": "login"],
                    messages: ["mode": mode]))
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
            throw .usage(.optionNeedsOther, ["option": "--client-cert-key", "other": "--client-cert"])
        case (_, nil):
            throw .usage(.optionNeedsOther, ["option": "--client-cert", "other": "--client-cert-key"])
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
                throw .usage(
                    .optionNeedsOther, ["option": "--" + option.rawValue, "other": "--private-key-jwt"])
            }
            return nil
        }
        let audience = try arguments.value(.keyAudience).map { text throws(CLIError) in
            try OptionValues.choice(text, "--key-audience", as: ClientKey.Audience.self)
        }
        let keyID = try arguments.value(.keyID).map { text throws(CLIError) in
            guard !text.isEmpty, text.utf8.count <= 256, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else { throw .usage(.loginKeyIDInvalid) }
            return text
        }
        return ClientKey(
            path: try OptionValues.path(path, "--private-key-jwt"), keyID: keyID,
            audience: audience ?? .endpoint)
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
