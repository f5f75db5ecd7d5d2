public import Foundation

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
    /// When the token stops being valid, at a whole second; `nil` for never.
    public var expiresAt: Date? { didSet { expiresAt = expiresAt?.wholeSeconds } }
    /// The scopes the provider granted; empty when it did not say.
    public var scopes: [String]
    /// The identity provider that issued the tokens, for refresh and
    /// revocation; `nil` for a token pasted with `login --with-token`.
    public var provider: OAuthProvider?
    /// When the session's recent refreshes happened, at whole seconds: the
    /// loop guard of ``TokenRefresher`` counts them, in every process that
    /// shares the session. Only the last few are kept.
    public var refreshedAt: [Date] { didSet { refreshedAt = refreshedAt.map(\.wholeSeconds) } }

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
    public init(
        token: AuthToken, refreshToken: AuthToken? = nil, account: String? = nil,
        server: URL? = nil, issuedAt: Date = Date(), expiresAt: Date? = nil, scopes: [String] = [],
        provider: OAuthProvider? = nil
    ) {
        self.token = token
        self.refreshToken = refreshToken
        self.account = account
        self.server = server
        self.issuedAt = issuedAt.wholeSeconds
        self.expiresAt = expiresAt?.wholeSeconds
        self.scopes = scopes
        self.provider = provider
        self.refreshedAt = []
    }

    /// How many ``refreshedAt`` dates a credential keeps.
    public static let refreshHistoryLimit = 10

    /// Whether the session can get a new access token by itself: it has a
    /// refresh token and knows its provider. Such a session stays logged in
    /// after its access token expires.
    public var canRefresh: Bool { refreshToken != nil && provider != nil }

    /// How long before its expiry a token is refreshed: 60 seconds.
    public static let refreshMargin: TimeInterval = 60

    /// Whether the access token expires within `margin` seconds of `date`:
    /// it should be refreshed before it is used. A token with no expiry never is.
    public func needsRefresh(at date: Date, margin: TimeInterval = Credential.refreshMargin) -> Bool {
        guard let expiresAt else { return false }
        return date.addingTimeInterval(margin) >= expiresAt
    }

    /// Whether the token has stopped being valid at `date`. A credential with
    /// no expiry never expires.
    public func isExpired(at date: Date) -> Bool {
        guard let expiresAt else { return false }
        return date >= expiresAt
    }

    private enum CodingKeys: String, CodingKey {
        case token, refreshToken, account, server, issuedAt, expiresAt, scopes, provider, refreshedAt
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
            provider: try container.decodeIfPresent(OAuthProvider.self, forKey: .provider))
        refreshedAt = try container.decodeIfPresent([Date].self, forKey: .refreshedAt) ?? []
    }
}

extension Credential: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What `print` and string interpolation show; never a secret.
    public var description: String {
        var fields = ["token: \(token.redacted)"]
        if let refreshToken { fields.append("refreshToken: \(refreshToken.redacted)") }
        if let account { fields.append("account: \(account)") }
        if let server { fields.append("server: \(server.absoluteString)") }
        fields.append("issuedAt: \(issuedAt)")
        if let expiresAt { fields.append("expiresAt: \(expiresAt)") }
        if !scopes.isEmpty { fields.append("scopes: \(scopes.joined(separator: " "))") }
        if let provider { fields.append("provider: \(provider.issuer.absoluteString)") }
        return "Credential(\(fields.joined(separator: ", ")))"
    }

    /// What `debugPrint` shows: the same as `description`.
    public var debugDescription: String { description }

    /// What `dump` shows: the redacted form, never the secret.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "token": token, "refreshToken": refreshToken as Any, "account": account as Any,
                "server": server as Any, "issuedAt": issuedAt, "expiresAt": expiresAt as Any,
                "scopes": scopes, "provider": provider as Any,
            ])
    }
}

extension Date {
    /// The date rounded down to a whole second since 1970.
    var wholeSeconds: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}
