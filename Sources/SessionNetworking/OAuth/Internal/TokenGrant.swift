import Foundation
import SessionCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A token endpoint's successful answer (RFC 6749 §5.1), checked field by
/// field, or the OAuth error it answered with.
struct TokenGrant: Sendable {
    /// The longest `expires_in` believed: ten years. Longer is a broken provider.
    static let longestLifetime = 315_360_000

    let accessToken: AuthToken
    let refreshToken: AuthToken?
    let expiresIn: Int?
    let scopes: [String]?
    let idToken: String?

    /// What a token endpoint answered: a grant, or an OAuth error code.
    enum Answer {
        case grant(TokenGrant)
        case error(code: String)
    }

    /// Reads a token endpoint's answer.
    ///
    /// - Throws: ``SignInError/invalidResponse(from:reason:)`` for a redirect,
    ///   a body that is not a JSON object or over 1 MiB, a missing or invalid
    ///   `access_token`, a `token_type` other than Bearer, a negative or absurd
    ///   `expires_in`, or an error answer without a readable code.
    static func read(_ answer: SequenceResponse) throws -> Answer {
        let from = "token endpoint"
        guard !OAuthWire.wasRedirected(answer) else {
            throw SignInError.invalidResponse(from: from, reason: "it redirected the token request")
        }
        let object = try OAuthWire.object(answer, from: from)
        guard answer.response.statusCode == 200 else {
            guard let code = OAuthWire.errorCode(object) else {
                throw SignInError.invalidResponse(
                    from: from, reason: "HTTP \(answer.response.statusCode) without an OAuth error code")
            }
            return .error(code: code)
        }
        guard let type = try OAuthWire.string(object, "token_type", from: from), type.lowercased() == "bearer"
        else {
            throw SignInError.invalidResponse(from: from, reason: "token_type is not Bearer")
        }
        return .grant(
            TokenGrant(
                accessToken: try token(object, "access_token")
                    ?? {
                        throw SignInError.invalidResponse(from: from, reason: "access_token is missing")
                    }(),
                refreshToken: try token(object, "refresh_token"),
                expiresIn: try OAuthWire.integer(object, "expires_in", in: 0...longestLifetime, from: from),
                scopes: try OAuthWire.string(object, "scope", from: from).map {
                    $0.split(separator: " ").map(String.init)
                },
                idToken: try OAuthWire.string(object, "id_token", from: from)))
    }

    private static func token(_ object: [String: JSONValue], _ key: String) throws -> AuthToken? {
        guard let text = try OAuthWire.string(object, key, from: "token endpoint") else { return nil }
        do {
            return try AuthToken(text)
        } catch let error as AuthTokenError {
            // The error names the byte class and offset, never the value.
            throw SignInError.invalidResponse(from: "token endpoint", reason: "\(key): \(error)")
        }
    }

    /// The request that reads the account's claims with this grant's token.
    func userinfoRequest(_ endpoint: URL) -> URLRequest {
        var request = URLRequest(url: endpoint)
        request.setValue("Bearer \(accessToken.value)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    /// The session a sign-in with `metadata` leaves: the account from
    /// userinfo when it gave one, else from the ID token.
    func session(
        userinfo: SequenceResponse?, metadata: ProviderMetadata, clientID: String, requestedScopes: [String],
        server: URL?, sentAt: Date
    ) -> Credential {
        credential(
            account: userinfo.flatMap(AccountClaims.name(fromUserinfo:))
                ?? AccountClaims.name(fromIDToken: idToken),
            provider: metadata.provider(clientID: clientID), requestedScopes: requestedScopes, server: server,
            sentAt: sentAt)
    }

    /// The session this grant starts.
    ///
    /// - Parameters:
    ///   - sentAt: When the token request was sent: the expiry counts from
    ///     then, so it errs early, never late.
    ///   - server: Where the token may go; the issuer's origin when `nil`.
    func credential(
        account: String?, provider: OAuthProvider, requestedScopes: [String], server: URL?, sentAt: Date
    ) -> Credential {
        Credential(
            token: accessToken, refreshToken: refreshToken, account: account,
            server: server ?? Self.origin(of: provider.issuer), issuedAt: sentAt,
            expiresAt: expiresIn.map { sentAt.addingTimeInterval(TimeInterval($0)) },
            scopes: scopes ?? requestedScopes, provider: provider)
    }

    /// `scheme://host[:port]` of `url`.
    static func origin(of url: URL) -> URL? {
        guard let origin = Origin(url) else { return nil }
        return URL(string: origin.description)
    }
}
