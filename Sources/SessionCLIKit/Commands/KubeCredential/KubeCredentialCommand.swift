import SessionCore
import SessionSupport
import SessionSystem

/// `kube-credential`: kubectl's exec credential plugin, printing an
/// `ExecCredential` with the session's token and its expiry.
package struct KubeCredentialCommand: Command {
    /// `kube-credential`'s options.
    package enum Option: String, SelectsSession {
        case idToken = "id-token"
        case server
        case account

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .idToken: OptionSpec(rawValue, help: .kubeCredentialIDTokenHelp)
            case .server, .account: Self.spec(of: self)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "kube-credential", summary: .kubeSummary, options: Option.self,
        discussion: Message(.kubeDiscussion),
        examples: [
            "kubectl config set-credentials me --exec-command=\"$(command -v session-cli)\" \\",
            "    --exec-arg=kube-credential \\",
            "    --exec-api-version=client.authentication.k8s.io/v1",
        ],
        failures: [words, .session, .store, .storeLock, .keyring, .companion, .network, .signIn])

    static let versions = ["client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1"]

    let idToken: Bool
    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        idToken = arguments.has(.idToken)
        selection = try SessionSelection(parsing: arguments)
    }

    package func run(context: CommandContext) throws -> ExitCode {
        let version = try Self.version(context.environment[.kubernetesExecInfo])
        let store = try context.store()
        guard let session = try context.session(selection, in: store) else { throw CLIError(.notLoggedIn) }
        let (token, expiresAt) =
            idToken ? try idToken(session, context: context) : try accessToken(session, context: context)
        var status: [String: JSONOutput] = ["token": .string(token.value)]
        status["expirationTimestamp"] = expiresAt.map { .string(ISO8601.string(from: $0)) }
        let credential = JSONOutput.object([
            "apiVersion": .string(version), "kind": .string("ExecCredential"), "status": .object(status),
        ])
        context.console.out(forProgram: credential.text)
        return .success
    }

    /// The access token and its expiry, refreshed first when it is due.
    private func accessToken(_ session: SelectedSession, context: CommandContext) throws -> (AuthToken, Date?)
    {
        // kubectl sends a Bearer token: a bound one is useless to it.
        if session.credential.dpopThumbprint != nil {
            throw CLIError(.helperRefusesBoundToken, ["tool": "kubectl"])
        }
        switch try context.usable(session.credential, repository: session.repository) {
        case .usable(let credential): return (credential.token, credential.expiresAt)
        case .expired: throw CLIError(.sessionExpiredForGood)
        case .gone: throw CLIError(.notLoggedIn)
        }
    }

    /// The ID token and its expiry (`exp`), checked against the session's
    /// provider, refreshed first when it is due and the session can refresh.
    private func idToken(_ session: SelectedSession, context: CommandContext) throws -> (AuthToken, Date?) {
        // With its secrets first: the ID token is one, and a refresh names the token it replaces.
        guard var credential = try session.credentialWithSecrets() else { throw CLIError(.notLoggedIn) }
        guard let provider = credential.provider, credential.idToken != nil else {
            throw CLIError(.kubeNoIDToken)
        }
        let now = context.now()
        var (token, expiresAt) = try Self.checked(credential, provider)
        if expiresAt.map({ $0.timeIntervalSince(now) < SessionLimits.refreshMargin }) ?? false,
            credential.canRefresh
        {
            let network = try context.network()
            let (repository, refused) = (session.repository, credential.token.fingerprint)
            guard let fresh = try waitFor({ try await network.refreshed(repository, replacing: refused) })
            else {
                throw CLIError(.notLoggedIn)
            }
            credential = fresh
            (token, expiresAt) = try Self.checked(credential, provider)
        }
        guard expiresAt.map({ $0 > now }) ?? true else {
            throw CLIError(.kubeIDTokenExpired)
        }
        return (token, expiresAt)
    }

    /// The credential's ID token and its `exp`, once its issuer and audience are the provider's.
    private static func checked(_ credential: Credential, _ provider: OAuthProvider) throws -> (
        AuthToken, Date?
    ) {
        guard let token = credential.idToken else {
            throw CLIError(.kubeNoIDToken)
        }
        do {
            let claims = try IDTokenClaims(token.value, of: provider)
            return (token, claims.expiresAt)
        } catch {
            throw CLIError(.kubeIDTokenRefused, ["reason": error.reason])
        }
    }

    /// The `ExecCredential` version to answer with: what `KUBERNETES_EXEC_INFO` names, else v1.
    static func version(_ info: String?) throws(CLIError) -> String {
        guard let info else { return versions[0] }
        guard case .object(let object)? = try? JSONValue.parse(Array(info.utf8)),
            case .string(let version)? = object["apiVersion"]
        else { throw CLIError(.kubeExecInfoInvalid) }
        guard versions.contains(version) else {
            throw CLIError(.kubeExecInfoVersion, ["version": version])
        }
        return version
    }

}

// The help of each option above, in English and Japanese.
extension MessageKey {
    static var kubeCredentialIDTokenHelp: MessageKey {
        MessageKey(
            "Hand kubectl the session's OpenID Connect ID token, not its access token.",
            "kubectl にアクセストークンではなく、セッションの OpenID Connect の ID トークンを渡します。")
    }
}
