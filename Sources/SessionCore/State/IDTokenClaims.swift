package import SessionSupport

/// The claims of an OpenID Connect ID token, once they are shown to belong
/// to the provider and the client (OpenID Connect Core §3.1.3.7): `iss` is
/// the issuer (``IDTokenIssuer``) and `aud` names the client. A sign-in checks its nonce on top;
/// `session-cli kube-credential --id-token` checks these again before it
/// hands the token on, and reads its expiry.
///
/// The signature is not checked: the token came straight from the token
/// endpoint over a checked connection (§3.1.3.7, item 6).
///
/// ```swift
/// let claims = try IDTokenClaims(token.value, issuer: provider.issuer, clientID: provider.clientID)
/// claims.expiresAt   // the `exp` claim
/// ```
package struct IDTokenClaims: Sendable {
    package let claims: JSONObject

    /// Why an ID token was refused, in words that never quote it.
    package struct Rejection: Error, Sendable {
        package let reason: String
    }

    /// Reads and checks `text`, an ID token of `provider`'s client.
    package init(_ text: String, of provider: OAuthProvider) throws(Rejection) {
        try self.init(text, issuer: IDTokenIssuer(provider), clientID: provider.clientID)
    }

    /// Reads and checks `text`.
    package init(_ text: String, issuer: IDTokenIssuer, clientID: String) throws(Rejection) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            payload.count <= SessionLimits.providerAnswerSize,
            case .object(let claims)? = try? JSONValue.parse(payload)
        else { throw Rejection(reason: "it is not a JWT with a JSON payload") }
        guard issuer.accepts(claims) else {
            throw Rejection(reason: "its issuer (iss) is not the provider")
        }
        let audience: [JSONValue] =
            switch claims["aud"] {
            case .string?: [claims["aud"] ?? .null]
            case .array(let values)?: values
            default: []
            }
        guard audience.contains(.string(clientID)) else {
            throw Rejection(reason: "its audience (aud) does not name this client")
        }
        self.claims = claims
    }

    /// When the token expires (`exp`, seconds since 1970), when it says.
    package var expiresAt: Date? {
        guard case .number(let seconds)? = claims["exp"], seconds.isFinite, seconds > 0 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}
