package import Foundation
import SessionCore
package import SessionSupport

/// The claims of an OpenID Connect ID token, once they are shown to belong
/// to this sign-in (OpenID Connect Core §3.1.3.7): `iss` is the issuer,
/// `aud` names this client, and `nonce` is the one this sign-in sent.
///
/// The signature is not checked: the token came straight from the token
/// endpoint over a checked connection (§3.1.3.7, item 6), and its claims are
/// only shown (the account name), never trusted for access.
package struct IDToken {
    package let claims: JSONObject

    /// Reads and checks `text`.
    ///
    /// - Parameter nonce: The nonce the authorization request carried; `nil`
    ///   when it carried none (the device flow), and then none is required.
    /// - Throws: ``SignInError/idTokenRejected(reason:)``.
    package init(_ text: String, issuer: URL, clientID: String, nonce: String?) throws {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            payload.count <= SessionLimits.providerAnswerSize,
            case .object(let claims)? = try? JSONValue.parse(payload)
        else { throw SignInError.idTokenRejected(reason: "it is not a JWT with a JSON payload") }
        guard case .string(issuer.absoluteString)? = claims["iss"] else {
            throw SignInError.idTokenRejected(reason: "its issuer (iss) is not the provider")
        }
        let audience: [JSONValue] =
            switch claims["aud"] {
            case .string?: [claims["aud"] ?? .null]
            case .array(let values)?: values
            default: []
            }
        guard audience.contains(.string(clientID)) else {
            throw SignInError.idTokenRejected(reason: "its audience (aud) does not name this client")
        }
        if let nonce {
            guard case .string(nonce)? = claims["nonce"] else {
                throw SignInError.idTokenRejected(reason: "its nonce does not match this sign-in's")
            }
        }
        self.claims = claims
    }
}
