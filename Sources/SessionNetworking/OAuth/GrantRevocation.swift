import Foundation
public import SessionCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Revokes a session's grant at its provider (RFC 7009): the refresh token
/// when there is one (which ends the whole grant), else the access token.
///
/// A sequence of one request; it finishes when the provider answers 200,
/// and throws otherwise. Logging out should remove the local session
/// whatever this says.
///
/// ```swift
/// try await NetworkClient(baseURL: endpoint, transport: URLSessionTransport(timeout: 5))
///     .run(GrantRevocation(credential: credential))
/// ```
public struct GrantRevocation: RequestSequence {
    private let endpoint: URL?
    private let clientID: String
    private let token: AuthToken
    private let hint: String
    private var sent = false

    /// The revocation of `credential`'s grant at its provider's revocation endpoint.
    public init(credential: Credential) {
        endpoint = credential.provider?.revocationEndpoint
        clientID = credential.provider?.clientID ?? ""
        token = credential.refreshToken ?? credential.token
        hint = credential.refreshToken == nil ? "access_token" : "refresh_token"
    }

    /// The revocation request, then the check of its answer.
    public mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Void> {
        if let previous {
            guard previous.response.statusCode == 200 else {
                let code = (try? OAuthWire.object(previous, from: "revocation endpoint")).flatMap(
                    OAuthWire.errorCode)
                throw code.map { SignInError.providerError(code: $0) }
                    ?? SignInError.invalidResponse(
                        from: "revocation endpoint", reason: "HTTP \(previous.response.statusCode)")
            }
            return .finish(())
        }
        guard !sent, let endpoint else { throw SignInError.missingEndpoint(name: "revocation endpoint") }
        try OAuthWire.requireSafe(endpoint, "revocation endpoint")
        sent = true
        return .send(
            OAuthWire.formPost(
                to: endpoint, [("token", token.value), ("token_type_hint", hint), ("client_id", clientID)]))
    }
}
