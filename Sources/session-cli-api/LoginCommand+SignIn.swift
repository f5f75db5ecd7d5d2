import Foundation
import SessionCLIKit
import SessionCore
import SessionNetworking

extension LoginCommand {
    /// `login --device` and `login --web`: discovery, the flow, then the
    /// session saved. A failed sign-in leaves the previous session as it was.
    func signIn(context: CommandContext, environment: [String: String]) async throws -> ExitCode {
        try context.refuseWhileOverridden("log in")
        // A session file that cannot be read is reported, not silently replaced.
        let previous = try context.store.load().credential
        let (issuer, clientID) = try provider(environment: environment, stored: previous?.provider)
        let transport = URLSessionTransport(timeout: 30)
        var metadata: ProviderMetadata
        do {
            metadata = try await NetworkClient(baseURL: issuer, transport: transport).run(
                ProviderDiscovery(issuer: issuer))
        } catch NetworkError.transport(let underlying) {
            throw NetworkErrorReport.unreachable(issuer, underlying)
        }
        if let deviceEndpoint { metadata.deviceAuthorizationEndpoint = deviceEndpoint }

        let provider: any CredentialProvider =
            switch method {
            case .device:
                DeviceAuthorizationFlow(
                    metadata: metadata, clientID: clientID, scopes: scopes, server: server,
                    transport: transport,
                    onPrompt: Self.show)
            default:
                AuthorizationCodeFlow(
                    metadata: metadata, clientID: clientID, scopes: scopes, server: server,
                    transport: transport,
                    onAuthorizationURL: Self.presenter(opensBrowser: opensBrowser))
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
        let fromEnvironment = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        var issuer = self.issuer
        if issuer == nil, let text = fromEnvironment("SESSION_CLI_ISSUER") {
            issuer = try LoginCommand.parseEndpoint(text, "SESSION_CLI_ISSUER")
        }
        guard let issuer = issuer ?? stored?.issuer else {
            throw CLIError(
                "login \(flag) needs a provider: give --issuer URL or set SESSION_CLI_ISSUER", code: .usage)
        }
        var clientID = self.clientID
        if clientID == nil, let text = fromEnvironment("SESSION_CLI_CLIENT_ID") {
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

    /// Shows the sign-in URL on standard error, and opens the browser unless `--no-browser`.
    private static func presenter(opensBrowser: Bool) -> @Sendable (URL) -> Void {
        { url in
            Console.error("Sign in at this URL\(opensBrowser ? " (opening your browser)" : ""):")
            Console.error("URL: \(url.absoluteString)")
            if opensBrowser { SystemBrowser.open(url) }
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
        Console.error("Waiting for approval...")
    }
}
