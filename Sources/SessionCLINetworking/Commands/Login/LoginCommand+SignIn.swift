import Foundation
package import SessionCLIKit
import SessionCore
import SessionNetworking

extension LoginCommand: NetworkCommand {
    /// `login --device` and `login --web`: discovery, the flow, then the
    /// session saved. A failed sign-in leaves the previous session as it was.
    package func runWithNetworking(context: CommandContext) async throws -> ExitCode {
        let environment = Environment.current()
        // A session file that cannot be read is reported, not silently replaced.
        let previous = try context.store.load().credential
        let stored = previous?.provider
        let (issuer, clientID) = try provider(environment: environment, stored: stored)
        let transport = URLSessionTransport(timeout: 30)
        var metadata: ProviderMetadata
        do {
            metadata = try await NetworkClient(baseURL: issuer, transport: transport).run(
                ProviderDiscovery(issuer: issuer))
        } catch NetworkError.transport(let underlying) {
            throw NetworkErrorReport.unreachable(issuer, underlying)
        }
        if let deviceEndpoint { metadata.deviceAuthorizationEndpoint = deviceEndpoint }
        let configuration = OAuthConfiguration(
            metadata: metadata, clientID: clientID, clientSecret: try Self.clientSecret(environment),
            scopes: scopes, server: server)

        let provider: any CredentialProvider =
            switch method {
            case .device:
                DeviceAuthorizationFlow(
                    configuration: configuration, transport: transport, onPrompt: Self.show)
            default:
                AuthorizationCodeFlow(
                    configuration: configuration,
                    redirect: try redirect(environment: environment, stored: stored, issuer: issuer),
                    pages: SignInPages(
                        appName: "session-cli", language: context.language.rawValue,
                        describe: { NetworkErrorReport.cliError(for: $0).message }),
                    transport: transport, onEvent: Self.presenter(opensBrowser: opensBrowser))
            }
        let state: LoginState
        do {
            state = try await Login(provider: provider).perform(with: context.store)
        } catch NetworkError.transport(let underlying) {
            throw NetworkErrorReport.unreachable(issuer, underlying)
        }
        Self.report(saved: state.credential, replaced: previous)
        // The grant this login replaces is revoked, not left alive at the provider.
        if let previous, previous.refreshToken != state.credential?.refreshToken {
            await LogoutCommand.revokeReportingOutcome(previous)
        }
        return .success
    }

    /// The issuer and client ID: the options, else the environment, else the stored session's provider.
    private func provider(environment: [String: String], stored: OAuthProvider?) throws -> (URL, String) {
        let flag = method == .device ? "--device" : "--web"
        var issuer = self.issuer
        if issuer == nil, let text = Self.variable("SESSION_CLI_ISSUER", environment) {
            issuer = try LoginCommand.parseEndpoint(text, "SESSION_CLI_ISSUER")
        }
        guard let issuer = issuer ?? stored?.issuer else {
            throw CLIError(
                "login \(flag) needs a provider: give --issuer URL or set SESSION_CLI_ISSUER", code: .usage)
        }
        var clientID = self.clientID
        if clientID == nil, let text = Self.variable("SESSION_CLI_CLIENT_ID", environment) {
            clientID = try LoginCommand.parseClientID(text)
        }
        // The stored client ID belongs to the stored issuer only.
        guard let clientID = clientID ?? (stored?.issuer == issuer ? stored?.clientID : nil) else {
            throw CLIError(
                "login \(flag) needs a client ID: give --client-id ID or set SESSION_CLI_CLIENT_ID",
                code: .usage)
        }
        return (issuer, clientID)
    }

    /// Where the browser comes back: the options, else the environment, else
    /// the redirect the stored session used at this issuer, else 127.0.0.1
    /// on a port the system picks.
    private func redirect(environment: [String: String], stored: OAuthProvider?, issuer: URL) throws
        -> LoopbackRedirect
    {
        let reused = stored?.issuer == issuer ? stored?.redirect : nil
        let port =
            try callbackPort
            ?? Self.variable("SESSION_CLI_CALLBACK_PORT", environment).map {
                try LoginCommand.parsePort($0, "SESSION_CLI_CALLBACK_PORT")
            } ?? reused?.port
        let host =
            try callbackHost
            ?? Self.variable("SESSION_CLI_CALLBACK_HOST", environment).map {
                try LoginCommand.parseHost($0, "SESSION_CLI_CALLBACK_HOST")
            } ?? reused?.host ?? .ipv4
        return LoopbackRedirect(host: host, port: port)
    }

    /// `SESSION_CLI_CLIENT_SECRET`, checked like a token (the message never shows it).
    private static func clientSecret(_ environment: [String: String]) throws -> AuthToken? {
        guard let text = variable("SESSION_CLI_CLIENT_SECRET", environment) else { return nil }
        do {
            return try AuthToken(text)
        } catch {
            throw CLIError("SESSION_CLI_CLIENT_SECRET is not a valid client secret: \(error)", code: .usage)
        }
    }

    private static func variable(_ name: String, _ environment: [String: String]) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Shows the sign-in URL on standard error and opens the browser unless
    /// `--no-browser`; says what the wait is for, and each refused request.
    private static func presenter(opensBrowser: Bool) -> @Sendable (AuthorizationCodeFlow.Event) -> Void {
        { event in
            switch event {
            case .authorizationURL(let url):
                Console.error("Sign in at this URL\(opensBrowser ? " (opening your browser)" : ""):")
                Console.error("URL: \(url.absoluteString)")
                if opensBrowser { SystemBrowser.open(url) }
            case .waitingForBrowser(let redirectURI):
                Console.error(
                    "Waiting for the browser to come back to \(redirectURI.absoluteString) (Ctrl-C cancels)..."
                )
            case .refusedCallback(let reason):
                Console.error(
                    "session-cli: refused a request to the sign-in listener: \(reason); still waiting")
            }
        }
    }

    /// The code and the URL, each on its own line of standard error, so a
    /// person can read them and a script can find them. Both were checked to
    /// be printable before they got here.
    @Sendable private static func show(_ prompt: DeviceAuthorizationFlow.Prompt) {
        Console.error(
            "To sign in, open the URL in a browser and enter the code (expires in \(prompt.expiresIn / 60) min):"
        )
        Console.error("URL: \(prompt.verificationURI.absoluteString)")
        Console.error("Code: \(prompt.userCode)")
        if let complete = prompt.verificationURIComplete {
            Console.error("URL with the code: \(complete.absoluteString)")
        }
        Console.error("Waiting for approval (Ctrl-C cancels)...")
    }
}
