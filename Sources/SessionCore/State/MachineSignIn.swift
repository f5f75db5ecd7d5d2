/// How a machine signs in with the identity its platform gives it (a CI
/// job's OpenID Connect token, a Kubernetes service account's projected
/// token) instead of a secret it keeps: where the platform's token comes
/// from (``AssertionSource``), and how it is spent (``MachineGrant``).
///
/// A session keeps this, never the platform's token: each renewal reads a
/// fresh one from the same source and runs the same grant again, under the
/// store's lock, once across processes (``OAuthProvider/machine``).
///
/// ```swift
/// let machine = MachineSignIn(source: .githubActions(audience: "api://my-app"), grant: .jwtBearer)
/// ```
public struct MachineSignIn: Sendable, Hashable, Codable {
    /// Where each platform token is read from.
    public var source: AssertionSource
    /// How the platform token is spent.
    public var grant: MachineGrant

    /// A sign-in that spends a token from `source` as `grant` says.
    public init(source: AssertionSource, grant: MachineGrant) {
        self.source = source
        self.grant = grant
    }

    // One flat object, as the session file writes it: an enum's synthesized
    // Codable would add a coding-key type per case, each one more conformance
    // every start of the command-line tool scans.
    private enum CodingKeys: String, CodingKey {
        case source, path, audience, name, grant, subjectTokenType, audiences, resources, requestedTokenType
    }

    /// Decodes where the token comes from and how it is spent; an
    /// application's source comes back without its closure.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
        switch try text(.source) {
        case "file": source = .file(try text(.path))
        case "github-actions":
            source = .githubActions(audience: try container.decodeIfPresent(String.self, forKey: .audience))
        case "env":
            let name = try text(.name)
            guard AssertionSource.isReadableVariable(name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .name, in: container, debugDescription: "not a variable")
            }
            source = .environment(name)
        case "application": source = AssertionSource(.application(name: try text(.name)))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .source, in: container, debugDescription: "unknown source")
        }
        switch try text(.grant) {
        case "client-assertion": grant = .clientAssertion
        case "jwt-bearer": grant = .jwtBearer
        case "token-exchange":
            grant = .tokenExchange(
                TokenExchange(
                    subjectTokenType: try text(.subjectTokenType),
                    audiences: try container.decodeIfPresent([String].self, forKey: .audiences) ?? [],
                    resources: try container.decodeIfPresent([String].self, forKey: .resources) ?? [],
                    requestedTokenType: try container.decodeIfPresent(
                        String.self, forKey: .requestedTokenType)))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .grant, in: container, debugDescription: "unknown grant")
        }
    }

    /// Encodes where the token comes from and how it is spent, never a token.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch source.kind {
        case .file(let path):
            try container.encode("file", forKey: .source)
            try container.encode(path, forKey: .path)
        case .githubActions(let audience):
            try container.encode("github-actions", forKey: .source)
            try container.encodeIfPresent(audience, forKey: .audience)
        case .environment(let name):
            try container.encode("env", forKey: .source)
            try container.encode(name, forKey: .name)
        case .application(let name):
            try container.encode("application", forKey: .source)
            try container.encode(name, forKey: .name)
        }
        switch grant {
        case .clientAssertion: try container.encode("client-assertion", forKey: .grant)
        case .jwtBearer: try container.encode("jwt-bearer", forKey: .grant)
        case .tokenExchange(let exchange):
            try container.encode("token-exchange", forKey: .grant)
            try container.encode(exchange.subjectTokenType, forKey: .subjectTokenType)
            if !exchange.audiences.isEmpty { try container.encode(exchange.audiences, forKey: .audiences) }
            if !exchange.resources.isEmpty { try container.encode(exchange.resources, forKey: .resources) }
            try container.encodeIfPresent(exchange.requestedTokenType, forKey: .requestedTokenType)
        }
    }
}

/// How a platform's token is spent at the token endpoint.
public enum MachineGrant: Sendable, Hashable {
    /// The client credentials grant (RFC 6749 §4.4) with the token as the
    /// client's assertion (RFC 7523 §2.2): Microsoft Entra's workload
    /// identity federation, where the provider matches the token's issuer,
    /// subject and audience against what is registered for the client.
    case clientAssertion
    /// The token is the grant (RFC 7523 §2.1, `grant_type`
    /// `urn:ietf:params:oauth:grant-type:jwt-bearer`).
    case jwtBearer
    /// The token is the subject token of a token exchange (RFC 8693).
    case tokenExchange(TokenExchange)
}

/// What a token exchange (RFC 8693 §2.1) asks for besides the subject token.
public struct TokenExchange: Sendable, Hashable {
    /// The subject token's type (`subject_token_type`), a URI: by default
    /// ``TokenExchange/jwt``.
    public var subjectTokenType: String
    /// The services the token is for, by name (`audience`, any number).
    public var audiences: [String]
    /// The services the token is for, by URI (`resource`, any number).
    public var resources: [String]
    /// The type of token asked for (`requested_token_type`); the provider's choice when `nil`.
    public var requestedTokenType: String?

    /// `urn:ietf:params:oauth:token-type:jwt` (RFC 8693 §3).
    public static let jwt = "urn:ietf:params:oauth:token-type:jwt"
    /// `urn:ietf:params:oauth:token-type:id_token` (RFC 8693 §3).
    public static let idToken = "urn:ietf:params:oauth:token-type:id_token"
    /// `urn:ietf:params:oauth:token-type:access_token` (RFC 8693 §3).
    public static let accessToken = "urn:ietf:params:oauth:token-type:access_token"

    /// An exchange of a subject token of `subjectTokenType`.
    public init(
        subjectTokenType: String = TokenExchange.jwt, audiences: [String] = [], resources: [String] = [],
        requestedTokenType: String? = nil
    ) {
        self.subjectTokenType = subjectTokenType
        self.audiences = audiences
        self.resources = resources
        self.requestedTokenType = requestedTokenType
    }
}

/// Where a platform's token comes from, read again at every renewal.
///
/// A session keeps the source, never the token. A source an application
/// gives as a closure (``application(name:read:)``) is kept by its name:
/// the application hands the same source to ``TokenRefresher`` again, and
/// a process that does not cannot renew the session.
///
/// ```swift
/// let kubernetes = AssertionSource.file("/var/run/secrets/tokens/idp-token")
/// let actions = AssertionSource.githubActions(audience: "api://AzureADTokenExchange")
/// let vault = AssertionSource.application(name: "vault") { try await vault.readToken() }
/// ```
public struct AssertionSource: Sendable, Hashable, CustomStringConvertible {
    /// Where the token is read.
    public enum Kind: Sendable, Hashable {
        /// A file, read again each time: a Kubernetes projected
        /// service-account token, or any file a platform keeps fresh.
        case file(path: String)
        /// GitHub Actions' token service (`ACTIONS_ID_TOKEN_REQUEST_URL`
        /// with `ACTIONS_ID_TOKEN_REQUEST_TOKEN`), asked for a token for
        /// `audience` (GitHub's default audience when `nil`).
        case githubActions(audience: String?)
        /// An environment variable (GitLab CI's `id_tokens:`): it lives as
        /// long as the process that has it.
        case environment(name: String)
        /// A closure of the application's, known by its name.
        case application(name: String)
    }

    /// Where the token is read.
    public let kind: Kind
    /// The application's closure, for ``Kind/application(name:)``.
    public let read: (@Sendable () async throws -> String)?

    /// A source of `kind`; an application's without its closure is one a session kept.
    package init(_ kind: Kind, read: (@Sendable () async throws -> String)? = nil) {
        self.kind = kind
        self.read = read
    }

    /// A file at `path` (absolute), read again each time.
    public static func file(_ path: String) -> AssertionSource { AssertionSource(.file(path: path)) }

    /// GitHub Actions' token for `audience`.
    public static func githubActions(audience: String? = nil) -> AssertionSource {
        AssertionSource(.githubActions(audience: audience))
    }

    /// The environment variable `name`.
    public static func environment(_ name: String) -> AssertionSource {
        AssertionSource(.environment(name: name))
    }

    /// Whether `name` may be read as a platform token: a variable's name
    /// (`[A-Za-z_][A-Za-z0-9_]*`, at most 128 bytes) that is not one of
    /// the variables holding another secret: GitHub Actions' request token,
    /// the tool's client secret and token. Checked where a person names it,
    /// where a session file says it, and before it is read, so that a
    /// session file someone else wrote cannot send those to a provider.
    package static func isReadableVariable(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first), name.utf8.count <= 128,
            name.utf8.allSatisfy({
                $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                    || (0x61...0x7A).contains($0)
            })
        else { return false }
        return !["ACTIONS_ID_TOKEN_REQUEST_TOKEN", "SESSION_CLI_CLIENT_SECRET", "SESSION_CLI_TOKEN"].contains(
            name)
    }

    /// A token the application reads with `read`, known as `name`.
    public static func application(name: String, read: @escaping @Sendable () async throws -> String)
        -> AssertionSource
    {
        AssertionSource(.application(name: name), read: read)
    }

    /// Whether two sources read from the same place (an application's by its name).
    public static func == (left: AssertionSource, right: AssertionSource) -> Bool { left.kind == right.kind }

    /// Hashes the source's kind.
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    /// The source in words that name no token: "the file /var/run/…",
    /// "GitHub Actions (audience …)", "the variable NAME".
    public var description: String {
        switch kind {
        case .file(let path): "the file \(path)"
        case .githubActions(let audience?): "GitHub Actions (audience \(audience))"
        case .githubActions(nil): "GitHub Actions"
        case .environment(let name): "the variable \(name)"
        case .application(let name): "the application's source \(name)"
        }
    }
}
