import SessionCore
import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Discovery as a request sequence, what
/// ``ProviderMetadata/discover(issuer:transport:)`` runs. It finds a provider's endpoints: OpenID Connect discovery
/// (`/.well-known/openid-configuration`) first, then the OAuth 2.0
/// authorization server metadata of RFC 8414
/// (`/.well-known/oauth-authorization-server`), because real providers list
/// different endpoints in each. When both answer, the first supplies the
/// endpoints and the second fills in what it lacks.
///
/// The document's `issuer` must equal the issuer asked for, character for
/// character (a trailing slash included), or be a spelling the issuer's
/// profile accepts (Microsoft's `{tenantid}`); every endpoint must be `https`
/// or loopback `http`, and for a known provider at one of its hosts. A known
/// provider's profile fills in the endpoints its documents lack.
package struct ProviderDiscovery: RequestSequence {
    private let issuer: URL
    private let profile: ProviderProfile?
    private var documents: [JSONObject] = []
    private var failures: [String] = []
    private var asked = 0

    /// Discovery for `issuer`, an `https` URL (or loopback `http`).
    package init(issuer: URL) {
        self.issuer = issuer
        profile = ProviderProfile.matching(issuer)
    }

    /// The two well-known documents of the issuer, in the order they are tried.
    var documentURLs: [URL] {
        // RFC 8414 §3: the well-known part goes between the host and the issuer's path.
        let base =
            issuer.absoluteString.hasSuffix("/")
            ? String(issuer.absoluteString.dropLast()) : issuer.absoluteString
        let openID = URL(string: base + "/.well-known/openid-configuration")
        var components = URLComponents(url: issuer, resolvingAgainstBaseURL: false)
        let path = components?.path ?? ""
        components?.path = "/.well-known/oauth-authorization-server" + (path == "/" ? "" : path)
        return [openID, components?.url].compactMap { $0 }
    }

    /// A provider's answer is held up to ``SessionLimits/providerAnswerSize``.
    package var responseLimit: Int { SessionLimits.providerAnswerSize }

    /// Asks for each document in turn, then checks and merges them.
    package mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<ProviderMetadata> {
        guard SecretDestination.permits(issuer), issuer.query == nil, issuer.fragment == nil else {
            throw SignInError.insecureEndpoint(name: "issuer")
        }
        if let previous { take(previous) }
        if asked < documentURLs.count {
            var request = HTTPRequest(url: documentURLs[asked])
            request.headerFields[.accept] = "application/json"
            asked += 1
            return .send(request)
        }
        guard !documents.isEmpty else {
            throw SignInError.discoveryFailed(
                issuer: issuer.absoluteString, reason: failures.joined(separator: "; "))
        }
        return .finish(try metadata())
    }

    private mutating func take(_ answer: SequenceResponse) {
        guard answer.response.status.code == 200 else {
            failures.append("HTTP \(answer.response.status.code)")
            return
        }
        do {
            documents.append(try OAuthWire.object(answer, from: "discovery"))
        } catch {
            failures.append("not a JSON object")
        }
    }

    private func metadata() throws -> ProviderMetadata {
        let asked = issuer.absoluteString
        var named: String?
        for document in documents {
            let spelled = try OAuthWire.string(document, "issuer", from: "discovery")
            guard let spelled,
                spelled == asked || profile?.acceptsDocumentIssuer(spelled, askedAt: issuer) == true,
                named == nil || named == spelled
            else { throw SignInError.issuerMismatch(expected: asked) }
            named = spelled
        }
        func endpoint(_ key: String, _ name: String, known: URL?) throws -> URL? {
            var found = known
            for document in documents {
                if let url = try OAuthWire.endpoint(
                    OAuthWire.string(document, key, from: "discovery"), name: name)
                {
                    found = url
                    break
                }
            }
            if let profile, let url = found, !profile.hosts(url) {
                throw SignInError.endpointOutsideProvider(name: name, provider: profile.displayName)
            }
            return found
        }
        let known = profile?.endpoints
        guard let tokenEndpoint = try endpoint("token_endpoint", "token endpoint", known: known?.token) else {
            throw SignInError.missingEndpoint(name: "token endpoint")
        }
        var metadata = try ProviderMetadata(
            issuer: issuer,
            authorizationEndpoint: endpoint(
                "authorization_endpoint", "authorization endpoint", known: known?.authorization),
            tokenEndpoint: tokenEndpoint,
            deviceAuthorizationEndpoint: endpoint(
                "device_authorization_endpoint", "device authorization endpoint",
                known: known?.deviceAuthorization),
            revocationEndpoint: endpoint(
                "revocation_endpoint", "revocation endpoint", known: known?.revocation),
            userinfoEndpoint: endpoint("userinfo_endpoint", "userinfo endpoint", known: known?.userinfo),
            tokenEndpointAuthMethods: first("token_endpoint_auth_methods_supported") { value in
                guard case .array(let items) = value else { return nil }
                return items.compactMap { if case .string(let method) = $0 { method } else { nil } }
            },
            sendsIssuerInAuthorizationResponse: first("authorization_response_iss_parameter_supported") {
                $0 == .bool(true)
            } ?? false,
            pushedAuthorizationRequestEndpoint: endpoint(
                "pushed_authorization_request_endpoint", "pushed authorization request endpoint", known: nil),
            requiresPushedAuthorizationRequests: first("require_pushed_authorization_requests") {
                $0 == .bool(true)
            } ?? false,
            endSessionEndpoint: endpoint("end_session_endpoint", "end session endpoint", known: nil))
        if named != asked { metadata.idTokenIssuer = named }
        return metadata
    }

    /// The first document's reading of `key`, for a member that `read`
    /// understands; `nil` when no document has one.
    private func first<Value>(_ key: String, _ read: (JSONValue) -> Value?) -> Value? {
        documents.compactMap { $0[key].flatMap(read) }.first
    }
}
