#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Everything a login leaves behind: the token, who it belongs to, the server
/// that issued it, and when it stops being valid.
///
/// Dates are kept at whole seconds (rounded down when the credential is made,
/// when a date is set and when it is decoded), because the session file stores
/// whole seconds: a credential read back from a store equals the one saved.
///
/// ```swift
/// let credential = Credential(
///     token: try AuthToken("s3cr3t-t0ken-value"),
///     account: "alice",
///     server: URL(string: "https://api.example.com"),
///     expiresAt: Date().addingTimeInterval(3600))
/// ```
public struct Credential: Sendable, Hashable, Codable {
    /// The access token sent with requests.
    public var token: AuthToken
    /// The token to get a new access token with, if the server issued one.
    public var refreshToken: AuthToken?
    /// The user name or e-mail the session belongs to.
    public var account: String?
    /// The origin the token belongs to. ``AuthTokenHeaderBehavior`` sends the
    /// token to this origin only.
    public var server: URL?
    /// When the session started, at a whole second.
    public var issuedAt: Date { didSet { issuedAt = issuedAt.wholeSeconds } }
    /// When the token stops being valid, at a whole second; `nil` for never
    /// (or unknown: such a token is used until a server refuses it).
    public var expiresAt: Date? { didSet { expiresAt = expiresAt?.wholeSeconds } }
    /// When the current access token was issued, at a whole second, if it
    /// was issued after the session started (a refresh); `nil` means
    /// ``issuedAt``. With ``expiresAt`` it gives the token's lifetime, and so
    /// its refresh margin.
    public var tokenIssuedAt: Date? { didSet { tokenIssuedAt = tokenIssuedAt?.wholeSeconds } }
    /// The scopes the provider granted; empty when it did not say.
    public var scopes: [String]
    /// The identity provider that issued the tokens, for refresh and
    /// revocation; `nil` for a token pasted with `login --with-token`.
    public var provider: OAuthProvider?
    /// The OpenID Connect ID token of the last sign-in or refresh that gave
    /// one, checked then (its issuer, its audience, at sign-in its nonce):
    /// what a tool that authenticates with ID tokens (kubectl against an
    /// OIDC-configured cluster) is handed. `nil` without the `openid` scope.
    public var idToken: AuthToken?
    /// The certificate authorities and the client certificate the session's
    /// requests use (`login --ca-file`, `--client-cert`): to its provider for
    /// refresh and revocation, and to its server. Only these paths are kept;
    /// the proxy is chosen where a request is made.
    public var connection: ConnectionSettings
    /// The private key the session's tokens are bound to by DPoP (RFC 9449),
    /// as base64url of its JWK: a secret of the session, kept where its
    /// tokens are (the session file, or the keyring), never printed. `nil`
    /// for a bearer session. Set with ``dpopThumbprint``.
    public var dpopKey: AuthToken?
    /// The RFC 7638 thumbprint of that key's public part (the tokens'
    /// `cnf.jkt`): what `status` shows of a bound session, kept in the file
    /// beside its other public facts.
    public var dpopThumbprint: String?
    /// Where the secrets (``token``, ``refreshToken``, ``idToken`` and the
    /// provider's client secret) are kept: in the session file (the
    /// default), or in the system keyring, the file keeping everything else.
    public var secretsLocation: SecretsLocation
    /// When the session's recent refreshes happened, at whole seconds: the
    /// loop guard of ``TokenRefresher`` counts them, in every process that
    /// shares the session. Only the last few are kept.
    package var refreshedAt: [Date] { didSet { refreshedAt = refreshedAt.map(\.wholeSeconds) } }

    /// - Parameters:
    ///   - token: The access token sent with requests.
    ///   - refreshToken: A token to get a new access token with, if the server issued one.
    ///   - account: The user name or e-mail the session belongs to.
    ///   - server: The origin that issued the token.
    ///   - issuedAt: When the session started. Rounded down to a whole second.
    ///   - expiresAt: When the token stops being valid; `nil` for never.
    ///     Rounded down to a whole second.
    ///   - scopes: The scopes the provider granted.
    ///   - provider: The identity provider that issued the tokens.
    ///   - secretsLocation: Where a store keeps the secrets.
    ///   - connection: The CA file and client certificate its requests use.
    public init(
        token: AuthToken, refreshToken: AuthToken? = nil, account: String? = nil,
        server: URL? = nil, issuedAt: Date = Date(), expiresAt: Date? = nil, scopes: [String] = [],
        provider: OAuthProvider? = nil, secretsLocation: SecretsLocation = .file,
        connection: ConnectionSettings = ConnectionSettings()
    ) {
        self.connection = connection
        self.token = token
        self.refreshToken = refreshToken
        self.account = account
        self.server = server
        self.issuedAt = issuedAt.wholeSeconds
        self.expiresAt = expiresAt?.wholeSeconds
        self.scopes = scopes
        self.provider = provider
        self.secretsLocation = secretsLocation
        self.refreshedAt = []
        self.tokenIssuedAt = nil
        self.idToken = nil
        self.dpopKey = nil
        self.dpopThumbprint = nil
    }

    /// How many ``refreshedAt`` dates a credential keeps.
    package static let refreshHistoryLimit = SessionLimits.refreshHistory

    /// Whether the session can get a new access token by itself: it knows
    /// its provider, and has a refresh token or (a client signed in as
    /// itself, ``OAuthProvider/usesClientCredentials``) the client's secret
    /// or key to run the grant again, or (a machine, ``OAuthProvider/machine``)
    /// a source of platform tokens to run its grant with. Such a session
    /// stays logged in after its access token expires.
    public var canRefresh: Bool {
        guard let provider else { return false }
        return refreshToken != nil || provider.usesClientCredentials && provider.isConfidential
            || provider.machine != nil
    }

    /// The access token's lifetime as issued: from ``tokenIssuedAt`` (else
    /// ``issuedAt``) to ``expiresAt``; `nil` when it has no known expiry.
    public var tokenLifetime: TimeInterval? {
        expiresAt.map { $0.timeIntervalSince(tokenIssuedAt ?? issuedAt) }
    }

    /// Whether the access token is due for a refresh at `date`: it expires
    /// within its margin, which is ``SessionLimits/refreshMargin`` (60 s), or
    /// half its lifetime when that is shorter, so a token that lives 15 s is
    /// used for 7.5 s before it is refreshed instead of being due at once. A
    /// token with no expiry never is (it is refreshed only after a server
    /// refuses it).
    ///
    /// Due is not expired: a due token still works, and is used when a
    /// refresh cannot be had.
    ///
    /// ```swift
    /// if credential.isDue(at: Date()) && credential.canRefresh { /* refresh first */ }
    /// ```
    public func isDue(at date: Date) -> Bool {
        isDue(at: date, maximumMargin: SessionLimits.refreshMargin)
    }

    /// ``isDue(at:)`` with a shorter longest margin, for a refresher set up with one.
    package func isDue(at date: Date, maximumMargin: TimeInterval) -> Bool {
        guard let expiresAt else { return false }
        let margin = min(maximumMargin, max(0, (tokenLifetime ?? 0) / 2))
        return date.addingTimeInterval(margin) >= expiresAt
    }

    /// Whether the token has stopped being valid at `date`. A credential with
    /// no expiry never expires.
    public func isExpired(at date: Date) -> Bool {
        Self.isExpired(expiresAt, at: date)
    }

    /// The rule behind ``isExpired(at:)``, for what knows only the expiry
    /// (``SessionSummary``): expired at the expiry, never without one.
    package static func isExpired(_ expiresAt: Date?, at date: Date) -> Bool {
        guard let expiresAt else { return false }
        return date >= expiresAt
    }

    /// Whether the session can be used at `date`: its access token has not
    /// expired, or it can be refreshed (``canRefresh``). The one rule behind
    /// the login button, `status` and ``LoginStateRepository/isLoggedIn(at:)``.
    public func isUsable(at date: Date) -> Bool {
        Self.isUsable(expiresAt, canRefresh: canRefresh, at: date)
    }

    /// The rule behind ``isUsable(at:)``, for what knows only the expiry and
    /// whether the session can refresh (``SessionSummary``).
    package static func isUsable(_ expiresAt: Date?, canRefresh: Bool, at date: Date) -> Bool {
        !isExpired(expiresAt, at: date) || canRefresh
    }

    private enum CodingKeys: String, CodingKey {
        case token, refreshToken, account, server, issuedAt, expiresAt, scopes, provider, refreshedAt,
            tokenIssuedAt, idToken, secretsLocation, connection, dpopKey, dpopThumbprint
    }

    /// Decodes and validates the value; an invalid one is a `DecodingError` that never contains it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            token: try container.decode(AuthToken.self, forKey: .token),
            refreshToken: try container.decodeIfPresent(AuthToken.self, forKey: .refreshToken),
            account: try container.decodeIfPresent(String.self, forKey: .account),
            server: try container.decodeIfPresent(URL.self, forKey: .server),
            issuedAt: try container.decode(Date.self, forKey: .issuedAt),
            expiresAt: try container.decodeIfPresent(Date.self, forKey: .expiresAt),
            scopes: try container.decodeIfPresent([String].self, forKey: .scopes) ?? [],
            provider: try container.decodeIfPresent(OAuthProvider.self, forKey: .provider),
            secretsLocation: try container.decodeIfPresent(SecretsLocation.self, forKey: .secretsLocation)
                ?? .file)
        refreshedAt = try container.decodeIfPresent([Date].self, forKey: .refreshedAt) ?? []
        tokenIssuedAt = try container.decodeIfPresent(Date.self, forKey: .tokenIssuedAt)
        idToken = try container.decodeIfPresent(AuthToken.self, forKey: .idToken)
        connection =
            try container.decodeIfPresent(ConnectionSettings.self, forKey: .connection)
            ?? ConnectionSettings()
        dpopKey = try container.decodeIfPresent(AuthToken.self, forKey: .dpopKey)
        dpopThumbprint = try container.decodeIfPresent(String.self, forKey: .dpopThumbprint)
    }
}

extension Credential: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What `print` and string interpolation show; never a secret.
    public var description: String {
        var fields = ["token: \(token.redacted)"]
        if let refreshToken { fields.append("refreshToken: \(refreshToken.redacted)") }
        if let idToken { fields.append("idToken: \(idToken.redacted)") }
        if let dpopKey { fields.append("dpopKey: \(dpopKey.redacted)") }
        if let dpopThumbprint { fields.append("dpopThumbprint: \(dpopThumbprint)") }
        if let account { fields.append("account: \(account)") }
        if let server { fields.append("server: \(server.absoluteString)") }
        fields.append("issuedAt: \(issuedAt)")
        if let expiresAt { fields.append("expiresAt: \(expiresAt)") }
        if !scopes.isEmpty { fields.append("scopes: \(scopes.joined(separator: " "))") }
        if let provider { fields.append("provider: \(provider.issuer.absoluteString)") }
        if secretsLocation != .file { fields.append("secretsLocation: \(secretsLocation)") }
        if let caFile = connection.caFile { fields.append("caFile: \(caFile)") }
        if let certificate = connection.clientCertificate {
            fields.append("clientCertificate: \(certificate.certificateFile)")
        }
        return "Credential(\(fields.joined(separator: ", ")))"
    }

    /// What `debugPrint` shows: the same as `description`.
    public var debugDescription: String { description }

    /// What `dump` shows: the redacted form, never the secret.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "token": token, "refreshToken": refreshToken as Any, "idToken": idToken as Any,
                "account": account as Any,
                "server": server as Any, "issuedAt": issuedAt, "expiresAt": expiresAt as Any,
                "scopes": scopes, "provider": provider as Any, "secretsLocation": secretsLocation,
            ])
    }
}

extension Date {
    /// The date rounded down to a whole second since 1970.
    var wholeSeconds: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}
