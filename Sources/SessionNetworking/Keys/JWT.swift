package import SessionCore
package import SessionSupport

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// A signed JWT in compact form (RFC 7515 §7.1): the header and the claims
/// as JSON (members sorted), each base64url, and the signature of both.
package enum JWT {
    package static func signed(header: [String: JSONOutput], claims: [String: JSONOutput], key: SigningKey)
        throws(SigningKey.Failure) -> String
    {
        var header = header
        header["alg"] = .string(key.algorithm.rawValue)
        let input =
            Base64URL.encode(Array(JSONOutput.object(header).text.utf8)) + "."
            + Base64URL.encode(Array(JSONOutput.object(claims).text.utf8))
        return input + "." + Base64URL.encode(try key.sign(Array(input.utf8)))
    }

    /// A new `jti`: 16 random bytes, base64url.
    package static func identifier() throws(SigningKey.Failure) -> String {
        Base64URL.encode(try SigningKey.randomBytes(16))
    }
}

/// A DPoP proof (RFC 9449 §4.2): a JWT of type `dpop+jwt` whose header
/// carries the public key, made fresh for each request.
package enum DPoPProof {
    /// The proof for `method` `url`, bound to `accessToken` (`ath`) when one
    /// goes with the request, with the server's `nonce` when it gave one.
    package static func make(
        key: SigningKey, method: String, url: URL, accessToken: AuthToken? = nil, nonce: String? = nil,
        now: Date = Date()
    ) throws(SigningKey.Failure) -> String {
        var claims: [String: JSONOutput] = [
            "jti": .string(try JWT.identifier()), "htm": .string(method), "htu": .string(target(url)),
            "iat": .integer(Int(now.timeIntervalSince1970)),
        ]
        if let accessToken { claims["ath"] = .string(tokenHash(accessToken.value)) }
        if let nonce { claims["nonce"] = .string(nonce) }
        return try JWT.signed(
            header: ["typ": .string("dpop+jwt"), "jwk": .object(key.publicJWK.members())], claims: claims,
            key: key)
    }

    /// `htu`: the request's URL without its query and fragment.
    package static func target(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return url.absoluteString
        }
        components.query = nil
        components.fragment = nil
        return components.string ?? url.absoluteString
    }

    /// `ath`: base64url of the SHA-256 of the access token's ASCII.
    package static func tokenHash(_ token: String) -> String {
        Base64URL.sha256(token)
    }
}

/// A client assertion for `private_key_jwt` (RFC 7523 §2.2, OpenID Connect
/// Core §9): the client proves it holds its key instead of sending a secret.
package enum ClientAssertion {
    /// The form fields' `client_assertion_type`.
    package static let type = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// How long an assertion is good for.
    package static let lifetime = 60

    /// An assertion of `clientID` for `audience` (the endpoint it is sent to).
    package static func make(
        key: SigningKey, keyID: String? = nil, clientID: String, audience: URL, now: Date = Date()
    ) throws(SigningKey.Failure) -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        var header: [String: JSONOutput] = ["typ": .string("JWT")]
        if let keyID { header["kid"] = .string(keyID) }
        return try JWT.signed(
            header: header,
            claims: [
                "iss": .string(clientID), "sub": .string(clientID), "aud": .string(audience.absoluteString),
                "jti": .string(try JWT.identifier()), "iat": .integer(issuedAt),
                "exp": .integer(issuedAt + lifetime),
            ], key: key)
    }
}
