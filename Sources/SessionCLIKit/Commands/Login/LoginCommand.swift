package import SessionCore
package import SessionSupport

/// `login`: check the options, read the token, save the session.
package struct LoginCommand: Command {
    /// `login`'s options.
    package enum Option: String, CommandOption {
        case withToken = "with-token"
        case device
        case web
        case issuer
        case clientID = "client-id"
        case scope
        case server
        case deviceEndpoint = "device-endpoint"
        case noBrowser = "no-browser"
        case callbackPort = "callback-port"
        case callbackHost = "callback-host"
        case user
        case expiresIn = "expires-in"

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
            case .user: OptionSpec(rawValue, value: "NAME", help: "The account the token belongs to.")
            case .expiresIn:
                OptionSpec(
                    rawValue, value: "SECONDS", help: "How long the token stays valid (default: no expiry).")
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
            Without them, the token is read from standard input (--with-token) or, on a terminal,
            asked for with echo off. The token is never an argument: other users can read
            arguments with ps. Logging in again replaces the session; a failed login keeps it.

            Examples:
              session-cli login --device --issuer https://login.example.com --client-id my-cli --scope openid
              printf '%s' "$TOKEN" | session-cli login --with-token --server https://api.example.com --user alice
            """)

    /// Ten years: longer is a typo, not a token lifetime.
    static let longestLifetime = 315_360_000

    /// How the session is started.
    package enum Method: Sendable {
        /// A token from standard input or the prompt.
        case token
        /// The device authorization grant.
        case device
        /// The authorization code grant in the browser.
        case web
    }

    /// How the session is started.
    package let method: Method
    /// Where the token may go.
    package let server: URL?
    let account: String?
    let lifetime: TimeInterval?
    let readsStandardInput: Bool
    /// `--issuer`, if given.
    package let issuer: URL?
    /// `--client-id`, if given.
    package let clientID: String?
    /// `--scope`, in order.
    package let scopes: [String]
    /// `--device-endpoint`, if given.
    package let deviceEndpoint: URL?
    /// Whether `--web` may open a browser.
    package let opensBrowser: Bool
    /// `--callback-port`, if given.
    package let callbackPort: Int?
    /// `--callback-host`, if given.
    package let callbackHost: LoopbackRedirect.Host?

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        let device = arguments.has(.device)
        let web = arguments.has(.web)
        guard !(device && web) else { throw .usage("give --device or --web, not both") }
        method = device ? .device : web ? .web : .token
        let given = Option.allCases.filter { arguments.has($0) || !arguments.values($0).isEmpty }
        let allowed: Set<Option> =
            switch method {
            case .token: [.withToken, .server, .user, .expiresIn]
            case .device: [.device, .issuer, .clientID, .scope, .server, .deviceEndpoint]
            case .web: [.web, .issuer, .clientID, .scope, .server, .noBrowser, .callbackPort, .callbackHost]
            }
        if let stray = given.first(where: { !allowed.contains($0) }) {
            let mode = device ? "--device" : web ? "--web" : "a token login"
            throw .usage("--\(stray.rawValue) does not go with \(mode); see 'session-cli help login'")
        }
        server = try arguments.value(.server).map(Self.parseServer)
        account = try arguments.value(.user).map(Self.parseAccount)
        lifetime = try arguments.value(.expiresIn).map(Self.parseLifetime)
        readsStandardInput = arguments.has(.withToken)
        issuer = try arguments.value(.issuer).map { text throws(CLIError) in
            try Self.parseEndpoint(text, "--issuer")
        }
        clientID = try arguments.value(.clientID).map(Self.parseClientID)
        scopes = try arguments.values(.scope).map(Self.parseScope)
        deviceEndpoint = try arguments.value(.deviceEndpoint).map { text throws(CLIError) in
            try Self.parseEndpoint(text, "--device-endpoint")
        }
        opensBrowser = !arguments.has(.noBrowser)
        callbackPort = try arguments.value(.callbackPort).map { text throws(CLIError) in
            try Self.parsePort(text, "--callback-port")
        }
        callbackHost = try arguments.value(.callbackHost).map { text throws(CLIError) in
            try Self.parseHost(text, "--callback-host")
        }
    }

    /// A login never runs while `SESSION_CLI_TOKEN` overrides the session.
    package func check(context: CommandContext) throws {
        try context.refuseWhileOverridden("log in")
    }

    /// `--device` and `--web` sign in at a provider: networking.
    package func needsNetworking(context: CommandContext) throws -> Bool {
        method != .token
    }

    /// Reads the token and saves the session, replacing any other.
    package func run(context: CommandContext) throws -> ExitCode {
        let source = try tokenSource()
        // A session file that cannot be read is reported, not silently replaced.
        let previous = try context.store.load().credential
        let provider = TokenInputProvider(
            source: source, account: account, server: server, lifetime: lifetime)
        let store = context.store
        let state = try waitFor { try await Login(provider: provider).perform(with: store) }
        Self.report(saved: state.credential, replaced: previous)
        return .success
    }

    /// "Logged in as alice on https://…", and what it replaced.
    package static func report(saved: Credential?, replaced previous: Credential?) {
        let who = saved.map(CommandContext.describe).flatMap { $0.isEmpty ? nil : " as \($0)" } ?? ""
        Console.out("Logged in\(who).")
        if let previous {
            let old = CommandContext.describe(previous)
            Console.out("Replaced the previous session\(old.isEmpty ? "" : " (\(old))").")
        }
    }

    private func tokenSource() throws(CLIError) -> TokenInputProvider.Source {
        if readsStandardInput { return .standardInput }
        if Console.isTerminal(STDIN_FILENO) { return .prompt }
        throw .usage(
            "no token: standard input is not a terminal; pipe the token with "
                + "printf '%s' \"$TOKEN\" | session-cli login --with-token")
    }
}
