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
}

/// How a platform's token is spent at the token endpoint.
public enum MachineGrant: Sendable, Hashable, Codable {
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
public struct TokenExchange: Sendable, Hashable, Codable {
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
public struct AssertionSource: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the token is read.
    public enum Kind: Sendable, Hashable, Codable {
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

    /// A token the application reads with `read`, known as `name`.
    public static func application(name: String, read: @escaping @Sendable () async throws -> String)
        -> AssertionSource
    {
        AssertionSource(.application(name: name), read: read)
    }

    /// The source as a session keeps it: its kind; an application's closure is not kept.
    public init(from decoder: any Decoder) throws {
        self.init(try Kind(from: decoder))
    }

    /// Writes the source's kind: an application's closure is not kept.
    public func encode(to encoder: any Encoder) throws {
        try kind.encode(to: encoder)
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
