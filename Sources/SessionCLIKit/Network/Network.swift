package import SessionCore
package import SessionSupport

/// What the commands need from the network, and all of it: sign in, keep a
/// token fresh, ask who the account is, revoke, send. Commands call it; `session-cli-api`
/// implements it (`NetworkService`, in `SessionCLINetworking`), and
/// `session-cli`, which links no networking, hands the command line over to
/// `session-cli-api` the moment a command asks for it
/// (``CommandContext/network()``).
///
/// Everything it throws is a ``CLIError``: the implementation names the
/// tool's error (an ``ErrorKey``, which carries the exit code) for what the
/// networking library throws at this boundary, in one place.
package protocol Network: Sendable {
    /// A provider that signs in as `request` says when ``Login`` asks it:
    /// discovery, the device or browser flow, the account. `events` hears
    /// what a person must see or do.
    func signIn(_ request: SignInRequest, events: @escaping @Sendable (SignInEvent) -> Void)
        -> any CredentialProvider

    /// The credential to use now from `session`: as stored while its token
    /// is fresh, refreshed first when it is due (under the store's lock,
    /// once across processes). `nil` when logged out, or expired for good.
    func currentCredential(of session: any LoginStateRepository) async throws -> Credential?

    /// The session refreshed now, unless another process already replaced
    /// the token `replacing` (then the stored session): for an ID token that
    /// is due while the access token is not. `nil` when logged out.
    func refreshed(_ session: any LoginStateRepository, replacing: TokenFingerprint) async throws
        -> Credential?

    /// Who the provider says `session`'s account is (its userinfo
    /// endpoint), its token refreshed first when due. `nil` when logged out,
    /// or expired for good.
    func userInfo(of session: any LoginStateRepository) async throws -> UserInfo?

    /// A bound session's access token (refreshed first when due) and a fresh
    /// DPoP proof of its key for `method` `url`, bound to that token, with
    /// `nonce`, else the last nonce `url`'s server gave. `nil` when logged
    /// out, or expired for good.
    func dpopProof(of session: any LoginStateRepository, method: String, url: URL, nonce: String?)
        async throws
        -> (token: AuthToken, proof: String)?

    /// Revokes the grant of a session already removed, within
    /// ``SessionLimits/revocationDeadline``. Never throws: a logout or a new
    /// login goes on whatever the provider does.
    func revoke(_ credential: Credential) async -> Revocation

    /// Ends the person's session at `credential`'s provider in the browser
    /// (OpenID Connect RP-initiated logout), once its grant is revoked and
    /// the session removed. `events` hears the URL and the wait. Never
    /// throws: the logout is done whatever the provider does.
    func endSession(
        _ credential: Credential, opensBrowser: Bool, language: Language,
        events: @escaping @Sendable (SignInEvent) -> Void
    ) async -> ProviderSignOut

    /// Sends `request` to the session's server with its token (or with
    /// `token`, from `SESSION_CLI_TOKEN`), refreshing once after a 401 when
    /// the session can, ending the session at a 401 when it cannot. The
    /// final answer's status line and headers go to `head` before its body;
    /// a 2xx body goes to `body` a piece at a time as it arrives; `body`
    /// returns `false` to stop (the output failed).
    func send(
        _ request: APIRequest, session: any LoginStateRepository, token: AuthToken?,
        head: @escaping @Sendable (APIHead) -> Void, body: @escaping @Sendable ([UInt8]) -> Bool
    ) async throws -> APIAnswer
}

/// How to sign in: everything decided, by the command, from its options,
/// the environment and the stored session.
package struct SignInRequest: Sendable {
    /// The grant.
    package enum Method: Sendable {
        /// The device authorization grant: a code entered in any browser.
        case device(endpoint: URL?)
        /// The authorization code grant in a browser; `prompt` is OpenID
        /// Connect's; `pasted`, the lines a person pastes back from a
        /// browser on another machine (the address it could not open).
        case web(
            redirect: LoopbackRedirect, opensBrowser: Bool, prompt: SignInPrompt?,
            pasted: AsyncStream<String>?)
        /// The client credentials grant: the client as itself, with its
        /// secret, its key, or its platform's token as its assertion.
        case clientCredentials(assertion: AssertionSource?)
        /// A machine's platform token as the grant (RFC 7523 §2.1).
        case jwtBearer(AssertionSource)
        /// A machine's platform token exchanged for the provider's (RFC 8693).
        case tokenExchange(TokenExchange, subjectToken: AssertionSource)
    }

    package var method: Method
    package var issuer: URL
    package var clientID: String
    package var clientSecret: AuthToken?
    package var scopes: [String]
    /// Where the token may go; the issuer's origin when `nil`.
    package var server: URL?
    /// The language of the browser's pages.
    package var language: Language
    /// The CA file and client certificate (`--ca-file`, `--client-cert`), kept with the session.
    package var connection: ConnectionSettings
    /// `--dpop`: the tokens bound to a new key of the session.
    package var usesDPoP: Bool
    /// `--private-key-jwt`: the client's key, instead of a secret.
    package var clientKey: ClientKey?
    /// `--token-endpoint`: the token endpoint of a provider without a
    /// discovery document; discovery is skipped.
    package var tokenEndpoint: URL?

    package init(
        method: Method, issuer: URL, clientID: String, clientSecret: AuthToken?, scopes: [String],
        server: URL?, language: Language, connection: ConnectionSettings = ConnectionSettings(),
        usesDPoP: Bool = false, clientKey: ClientKey? = nil, tokenEndpoint: URL? = nil
    ) {
        self.tokenEndpoint = tokenEndpoint
        self.usesDPoP = usesDPoP
        self.clientKey = clientKey
        self.connection = connection
        self.method = method
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scopes = scopes
        self.server = server
        self.language = language
    }
}

/// What happens during a sign-in that the person must see.
package enum SignInEvent: Sendable {
    /// Enter `userCode` at `verificationURI` (or open `complete`), within `expiresIn` seconds.
    case deviceCode(userCode: String, verificationURI: URL, complete: URL?, expiresIn: Int)
    /// Sign in at this URL; the browser was asked to open it when `opening`.
    case authorizationURL(URL, opening: Bool)
    /// End the session at the provider at this URL (`logout --everywhere`).
    case logoutURL(URL, opening: Bool)
    /// The listener waits for the browser at this redirect URI.
    case waitingForBrowser(URL)
    /// The listener waits for the browser at this redirect URI, and the
    /// terminal for the address a browser elsewhere could not open.
    case waitingForPaste(URL)
    /// A pasted address was refused, for `reason`; the wait goes on.
    case refusedPaste(PasteRefusal)
    /// A request to the sign-in listener was refused; the wait goes on.
    /// `anotherSignIn`: its state is another sign-in's; else its parameters
    /// repeat or cannot be read.
    case refusedCallback(anotherSignIn: Bool)
}

/// Why an address pasted back from the browser was refused.
package enum PasteRefusal: Sendable {
    /// Its `state` is another sign-in's.
    case anotherSignIn
    /// It is not this sign-in's redirect address (another host, port or path), or no address.
    case anotherRedirect
    /// Its parameters repeat or cannot be read.
    case malformed
}

/// How `logout --everywhere` went at the provider, after the revocation.
package enum ProviderSignOut: Sendable, Equatable {
    /// The provider ended its session and sent the browser back.
    case signedOut(issuer: String)
    /// The provider lists no `end_session_endpoint`.
    case notOffered(issuer: String)
    /// The session had no ID token to name it to the provider.
    case noIDToken(issuer: String)
    /// The session came from no sign-in at a provider (`login --with-token`).
    case noProvider
    /// It could not be done, for `reason`; `timedOut` when the browser did not come back.
    case failed(issuer: String, reason: Message, timedOut: Bool)
}

/// How a revocation at the provider went.
package enum Revocation: Sendable, Equatable {
    /// What a logout says of `provider` when it cannot revoke there: where a
    /// person can (``ProviderProfile/grantsPage``), or that it offers no way.
    package static func notOffered(by provider: OAuthProvider) -> Revocation {
        if let profile = provider.profile, let page = profile.grantsPage {
            return .onlyByPerson(provider: profile.displayName, page: page.absoluteString)
        }
        return .notOffered(issuer: provider.issuer.absoluteString)
    }

    /// The provider revoked the grant.
    case revoked(issuer: String)
    /// The provider lists no revocation endpoint: the grant was not revoked there.
    case notOffered(issuer: String)
    /// The provider lets no app revoke its grant (GitHub): a person does, at `page`.
    case onlyByPerson(provider: String, page: String)
    /// The provider did not answer within the deadline.
    case timedOut(issuer: String, seconds: Int)
    /// The provider refused, or could not be reached, for `reason`.
    case failed(issuer: String, reason: Message)
}

/// One request of `api`.
package struct APIRequest: Sendable {
    /// What the request carries.
    package enum Body: Sendable, Equatable {
        case none
        /// These bytes (the fields as JSON).
        case bytes([UInt8])
        /// A file's contents, sent as they are read, never held whole.
        case file(String)
        /// Standard input, to its end, sent as it is read.
        case standardInput
    }

    package var method: String
    /// The path (with any query) joined to the server, as written.
    package var path: String
    package var headers: [String: String]
    /// The server the path is joined to.
    package var server: URL
    package var body: Body

    package init(method: String, path: String, headers: [String: String], server: URL, body: Body = .none) {
        self.method = method
        self.path = path
        self.headers = headers
        self.server = server
        self.body = body
    }
}

/// The status line and headers of `api`'s answer, for `--include` and for
/// saying where a redirect went.
package struct APIHead: Sendable {
    package var statusCode: Int
    /// `1.1`, `2`: when the transport knows it.
    package var httpVersion: String?
    /// The server's reason phrase, when the transport knows it.
    package var reason: String?
    /// In the order received, when the transport keeps it (else by name).
    package var headers: [(name: String, value: String)]
    /// The URL that answered: another than asked after a redirect.
    package var url: URL

    package init(
        statusCode: Int, httpVersion: String?, reason: String?, headers: [(name: String, value: String)],
        url: URL
    ) {
        self.statusCode = statusCode
        self.httpVersion = httpVersion
        self.reason = reason
        self.headers = headers
        self.url = url
    }
}

/// How the server answered `api`.
package enum APIAnswer: Sendable, Equatable {
    /// A 2xx; its body went out as it arrived.
    case success
    /// The output failed while the body streamed (a closed pipe, a full disk).
    case outputFailed
    /// Another status, with its body (held up to ``SessionLimits/responseBodySize``).
    case status(code: Int, body: [UInt8])
}
