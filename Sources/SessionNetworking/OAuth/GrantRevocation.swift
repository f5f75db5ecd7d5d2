import Foundation
public import SessionCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Revokes a session's grant at its provider (RFC 7009): the refresh token
/// when there is one (which ends the whole grant), else the access token. A
/// confidential client authenticates as it does at the token endpoint.
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
    private let credential: Credential

    /// The revocation of `credential`'s grant at its provider's revocation endpoint.
    public init(credential: Credential) {
        self.credential = credential
    }

    /// The revocation request, then the check of its answer.
    public func next(after previous: SequenceResponse?) throws -> SequenceStep<Void> {
        guard let provider = credential.provider, let endpoint = provider.revocationEndpoint else {
            throw SignInError.missingEndpoint(name: "revocation endpoint")
        }
        try OAuthWire.requireSafe(endpoint, "revocation endpoint")
        let (token, hint) =
            credential.refreshToken.map { ($0, "refresh_token") } ?? (credential.token, "access_token")
        let request = ClientCredentials(provider).formPost(
            to: endpoint, [("token", token.value), ("token_type_hint", hint)])
        return try OneRequest(request, read: Self.read).next(after: previous)
    }

    private static func read(_ answer: SequenceResponse) throws {
        guard answer.response.statusCode == 200 else {
            throw (try? OAuthWire.object(answer, from: "revocation endpoint")).flatMap(OAuthWire.error(in:))
                ?? SignInError.invalidResponse(
                    from: "revocation endpoint", reason: "HTTP \(answer.response.statusCode)")
        }
    }
}
