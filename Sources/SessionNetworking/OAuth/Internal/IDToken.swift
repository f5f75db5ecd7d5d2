package import SessionCore
package import SessionSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
    package init(_ text: String, issuer: IDTokenIssuer, clientID: String, nonce: String?) throws {
        let checked: IDTokenClaims
        do {
            checked = try IDTokenClaims(text, issuer: issuer, clientID: clientID)
        } catch {
            throw SignInError.idTokenRejected(reason: error.reason)
        }
        if let nonce {
            guard case .string(nonce)? = checked.claims["nonce"] else {
                throw SignInError.idTokenRejected(reason: "its nonce does not match this sign-in's")
            }
        }
        claims = checked.claims
    }
}
