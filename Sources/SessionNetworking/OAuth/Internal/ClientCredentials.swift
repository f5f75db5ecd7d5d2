import Foundation
import SessionCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Who the client is at the token and revocation endpoints: its ID, and for
/// a confidential client its secret and how to present it (RFC 6749 §2.3.1).
///
/// A public client names itself with `client_id` in the body. A confidential
/// one sends HTTP Basic with the form-encoded ID and secret (and no
/// `client_id` in the body, so it authenticates one way only), or both in
/// the body with `client_secret_post`.
struct ClientCredentials: Sendable {
    let id: String
    let secret: AuthToken?
    let method: ClientAuthenticationMethod

    init(id: String, secret: AuthToken?, method: ClientAuthenticationMethod?) {
        self.id = id
        self.secret = secret
        self.method = method ?? .clientSecretBasic
    }

    /// The client a session's provider names.
    init(_ provider: OAuthProvider) {
        self.init(id: provider.clientID, secret: provider.clientSecret, method: provider.clientAuthentication)
    }

    /// A form POST of `fields` to `url`, authenticated as this client.
    ///
    /// - Parameter namingClient: Put `client_id` in the body with HTTP Basic
    ///   too. The device authorization endpoint of some providers reads the
    ///   client only from the body (django-oauth-toolkit), and RFC 8628 §3.1
    ///   allows it there.
    func formPost(to url: URL, _ fields: [(String, String)], namingClient: Bool = false) -> URLRequest {
        guard let secret else { return OAuthWire.formPost(to: url, fields + [("client_id", id)]) }
        switch method {
        case .clientSecretPost:
            return OAuthWire.formPost(to: url, fields + [("client_id", id), ("client_secret", secret.value)])
        case .clientSecretBasic:
            var request = OAuthWire.formPost(to: url, fields + (namingClient ? [("client_id", id)] : []))
            let pair = OAuthWire.formEncoded(id) + ":" + OAuthWire.formEncoded(secret.value)
            request.setValue(
                "Basic " + Data(pair.utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
            return request
        }
    }
}
