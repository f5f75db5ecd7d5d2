import SessionCore
import SessionHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Who the client is at the provider's endpoints and what each request to
/// them proves: its ID; for a confidential client its secret and how to
/// present it (RFC 6749 §2.3.1), or its private key (`private_key_jwt`, RFC
/// 7523); and for a bound session its DPoP key (RFC 9449).
///
/// A public client names itself with `client_id` in the body. A confidential
/// one sends HTTP Basic with the form-encoded ID and secret (and no
/// `client_id` in the body, so it authenticates one way only), or both in
/// the body with `client_secret_post`, or a fresh signed assertion for the
/// endpoint it calls.
///
/// ``formPost(to:_:namingClient:)`` builds a request; ``proving(_:dpop:)``
/// adds what must be fresh when it leaves (the assertion, the DPoP proof),
/// so a request sent after a wait (a device poll) is signed when it goes.
struct ClientCredentials: Sendable {
    let id: String
    let secret: AuthToken?
    let key: ClientKey?
    let method: ClientAuthenticationMethod
    /// The session's DPoP key, proven on every request to the token endpoint.
    let dpopKey: SigningKey?
    /// The provider's issuer identifier, an assertion's `aud` when the key asks for it.
    let issuer: URL?
    /// A platform's token the client proves itself with (RFC 7523 §2.2,
    /// ``MachineGrant/clientAssertion``), read fresh for this request.
    var assertion: AuthToken?

    init(
        id: String, secret: AuthToken?, method: ClientAuthenticationMethod?, key: ClientKey? = nil,
        dpopKey: SigningKey? = nil, issuer: URL? = nil
    ) {
        self.issuer = issuer
        self.id = id
        self.secret = secret
        self.key = key
        self.method = key != nil ? .privateKeyJWT : method ?? .clientSecretBasic
        self.dpopKey = dpopKey
    }

    /// Whether the client proves itself with a secret or a key of its own
    /// (not the platform's token, not nothing).
    var proves: Bool { secret != nil || key != nil }

    /// The client a session's provider names, with the session's DPoP key
    /// if it is bound, and a platform's fresh token when it proves itself with one.
    init(_ provider: OAuthProvider, dpopKey: SigningKey? = nil, assertion: AuthToken? = nil) {
        self.init(
            id: provider.clientID, secret: provider.clientSecret, method: provider.clientAuthentication,
            key: provider.clientKey, dpopKey: dpopKey, issuer: provider.issuer)
        self.assertion = assertion
    }

    /// A form POST of `fields` to `url`, authenticated as this client (but
    /// for a key's assertion, which ``proving(_:dpop:)`` adds).
    ///
    /// - Parameter namingClient: Put `client_id` in the body with HTTP Basic
    ///   too. The device authorization endpoint of some providers reads the
    ///   client only from the body (django-oauth-toolkit), and RFC 8628 §3.1
    ///   allows it there.
    ///
    /// - Throws: ``SignInError/endpointOutsideProvider(name:provider:)`` for
    ///   a URL at a host that is not a known provider's (``ProviderProfile/hosts``):
    ///   the client's secret goes to Google's hosts only, whatever named the endpoint.
    func formPost(to url: URL, _ fields: [(String, String)], namingClient: Bool = false) throws -> Outgoing {
        if let issuer, let profile = ProviderProfile.matching(issuer), !profile.hosts(url) {
            throw SignInError.endpointOutsideProvider(name: "endpoint", provider: profile.displayName)
        }
        if let assertion {
            // The platform names the job, not the client: client_id says which client (Entra's federation).
            return OAuthWire.formPost(
                to: url,
                fields + [
                    ("client_id", id), ("client_assertion_type", ClientAssertion.type),
                    ("client_assertion", assertion.value),
                ])
        }
        if key != nil {
            // With the assertion, client_id is optional (RFC 7523 §3); some providers want it with DPoP.
            return OAuthWire.formPost(to: url, fields + [("client_id", id)])
        }
        guard let secret else { return OAuthWire.formPost(to: url, fields + [("client_id", id)]) }
        switch method {
        case .clientSecretPost, .privateKeyJWT:
            return OAuthWire.formPost(to: url, fields + [("client_id", id), ("client_secret", secret.value)])
        case .clientSecretBasic:
            var request = OAuthWire.formPost(to: url, fields + (namingClient ? [("client_id", id)] : []))
            let pair = OAuthWire.formEncoded(id) + ":" + OAuthWire.formEncoded(secret.value)
            request.head.headerFields[.authorization] = "Basic " + Data(pair.utf8).base64EncodedString()
            return request
        }
    }

    /// `request` as it leaves: with a fresh client assertion whose audience
    /// is its URL (what OpenID Connect Core asks for, and what Glewlwyd
    /// accepts), or the issuer when the key says so (FAPI 2.0), and, with
    /// `dpop` and a DPoP key, a fresh proof with the endpoint's last nonce.
    ///
    /// - Throws: ``SignInError/clientKeyUnusable(path:reason:)`` when the
    ///   client's key cannot be read; `SigningKey.Failure` when signing fails.
    func proving(_ request: Outgoing, dpop: Bool = true) throws -> Outgoing {
        var proven = request
        if let key, let url = request.url {
            let assertion = try ClientAssertion.make(
                key: ClientKeyFile.signingKey(key), keyID: key.keyID, clientID: id,
                audience: key.audience == .issuer ? issuer ?? url : url)
            let fields = OAuthWire.formBody([
                ("client_assertion_type", ClientAssertion.type), ("client_assertion", assertion),
            ])
            let body = request.body ?? Data()
            proven.body = body + Data(((body.isEmpty ? "" : "&") + fields).utf8)
        }
        if dpop { proven.head = try DPoPKey.proving(proven.head, with: dpopKey) }
        return proven
    }
}
