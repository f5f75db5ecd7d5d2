import SessionCore
import SessionSupport

/// `token`: the access token on standard output, for scripts
/// (`curl -H "Authorization: Bearer $(session-cli token)"`), like `gh auth token`.
///
/// A fresh token is printed from the store with one read and no networking
/// code loaded; only a token that is due asks for the network, to be
/// refreshed first.
package struct TokenCommand: Command {
    /// `token`'s options: the session.
    package enum Option: String, SelectsSession {
        case server
        case account
        case dpopProof = "dpop-proof"
        case dpopNonce = "dpop-nonce"

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .server, .account: Self.spec(of: self)
            case .dpopProof: OptionSpec(rawValue, value: "METHOD", help: .tokenDPoPProofHelp)
            case .dpopNonce: OptionSpec(rawValue, value: "NONCE", help: .tokenDPoPNonceHelp)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "token", summary: .tokenSummary, options: Option.self, argument: "[URL]",
        discussion: Message(.tokenDiscussion, ["margin": String(Int(SessionLimits.refreshMargin))]),
        examples: [
            "curl -H \"Authorization: Bearer $(session-cli token)\" \\",
            "    https://api.example.com/user",
            "session-cli token --server https://staging.example.com",
            "session-cli token --dpop-proof GET https://api.example.com/user",
            "session-cli token --dpop-proof GET https://api.example.com/user \\",
            "    --dpop-nonce eyJ7S_zG",
        ],
        failures: [words, .session, .store, .storeLock, .keyring, .companion, .network, .signIn])

    let selection: SessionSelection
    /// `--dpop-proof METHOD URL`: the request a proof is made for.
    let proofFor: (method: String, url: URL)?
    /// `--dpop-nonce NONCE`: the nonce the proof carries, instead of the server's last.
    let nonce: String?

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        selection = try SessionSelection(parsing: arguments)
        switch (arguments.value(.dpopProof), arguments.arguments.first) {
        case (nil, nil): proofFor = nil
        case (let method?, let text?):
            guard HTTPToken.isToken(method) else { throw CLIError(.invalidMethod) }
            // The request's whole URL (htu drops its query and fragment): http or https, with a host.
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false, !text.utf8.contains(where: { $0 < 0x21 || $0 == 0x7F })
            else { throw CLIError(.tokenDPoPProofBadURL) }
            proofFor = (method.uppercased(), url)
        case (nil, _?): throw CLIError(.tokenURLNeedsDPoPProof)
        case (_?, nil): throw CLIError(.tokenDPoPProofNeedsURL)
        }
        nonce = arguments.value(.dpopNonce)
        if let nonce {
            guard proofFor != nil else { throw CLIError(.tokenDPoPNonceNeedsProof) }
            guard NonceFile.isValid(nonce) else { throw CLIError(.tokenDPoPNonceBad) }
        }
    }

    package func run(context: CommandContext) throws -> ExitCode {
        if let token = try context.overrideToken() {
            context.console.out(secret: token)
            return .success
        }
        let store = try context.store()
        guard let session = try context.session(selection, in: store) else { throw CLIError(.notLoggedIn) }
        if let proofFor {
            guard session.credential.dpopThumbprint != nil else {
                throw CLIError(.tokenNotBound)
            }
            // Signing is the networking half's: the token refreshed first when due, then a fresh proof.
            let network = try context.network()
            let (repository, nonce) = (session.repository, nonce)
            guard
                let (token, proof) = try waitFor({
                    try await network.dpopProof(
                        of: repository, method: proofFor.method, url: proofFor.url, nonce: nonce)
                })
            else { throw CLIError(.notLoggedIn) }
            context.console.out(secret: token)
            context.console.out(forProgram: proof)
            return .success
        }
        // A token bound to a key is refused alone: printing it would only invite a Bearer header.
        if session.credential.dpopThumbprint != nil { throw CLIError(.tokenBoundToKey) }
        switch try context.usable(session.credential, repository: session.repository) {
        case .usable(let credential):
            context.console.out(secret: credential.token)
            return .success
        case .expired: throw CLIError(.sessionExpiredForGood)
        case .gone: throw CLIError(.notLoggedIn)
        }
    }

}

// The help of each option above, in English and Japanese.
extension MessageKey {
    static var tokenDPoPProofHelp: MessageKey {
        MessageKey(
            "With a URL: for a session from login --dpop, print the token and, on a second line, a fresh DPoP proof for METHOD URL.",
            "URL と一緒に: login --dpop のセッションで、トークンと、2 行目に METHOD URL 用の新しい DPoP 証明を表示します。")
    }
    static var tokenDPoPNonceHelp: MessageKey {
        MessageKey(
            "With --dpop-proof: the server's nonce to put in the proof, for a server the session has not met (otherwise the last nonce the server gave is used).",
            "--dpop-proof と一緒に: 証明に入れるサーバーのノンス。セッションがまだ通信していないサーバー用です (それ以外ではサーバーが最後に返したノンスを使います)。")
    }
}
