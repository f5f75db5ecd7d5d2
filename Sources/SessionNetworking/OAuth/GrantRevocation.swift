public import Foundation
public import SessionCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Revokes a session's grant at its provider (RFC 7009): the refresh token
/// when there is one, which ends the whole grant, then the access token
/// while it is still valid (RFC 7009 §2.1 lets a provider keep it alive
/// until it expires); the access token alone when there is no refresh
/// token. A confidential client authenticates as at the token endpoint.
///
/// It finishes when the provider answered 200 to each, and throws at the
/// first refusal. Logging out should remove the local session whatever this
/// says, and revoke what it removed.
///
/// ```swift
/// if let removed = try store.removeCredential() {
///     try await NetworkClient(baseURL: endpoint, transport: URLSessionTransport(timeout: 5))
///         .run(GrantRevocation(credential: removed))
/// }
/// ```
public struct GrantRevocation: RequestSequence {
    private let credential: Credential
    private var pending: [(token: AuthToken, hint: String)]

    /// The revocation of `credential`'s grant at its provider's revocation
    /// endpoint, as of `date` (whether the access token is still valid).
    public init(credential: Credential, at date: Date = Date()) {
        self.credential = credential
        if let refreshToken = credential.refreshToken {
            pending = [(refreshToken, "refresh_token")]
            if !credential.isExpired(at: date) { pending.append((credential.token, "access_token")) }
        } else {
            pending = [(credential.token, "access_token")]
        }
    }

    /// A provider's answer is held up to 1 MiB, and refused past it as it arrives.
    public var responseLimit: Int { OAuthWire.maximumBody }

    /// Each revocation request in turn, each answer checked.
    public mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Void> {
        if let previous { try Self.read(previous) }
        guard let provider = credential.provider, let endpoint = provider.revocationEndpoint else {
            throw SignInError.missingEndpoint(name: "revocation endpoint")
        }
        guard !pending.isEmpty else { return .finish(()) }
        try OAuthWire.requireSafe(endpoint, "revocation endpoint")
        let (token, hint) = pending.removeFirst()
        return .send(
            ClientCredentials(provider).formPost(
                to: endpoint, [("token", token.value), ("token_type_hint", hint)]))
    }

    private static func read(_ answer: SequenceResponse) throws {
        guard answer.response.statusCode == 200 else {
            throw (try? OAuthWire.object(answer, from: "revocation endpoint")).flatMap(OAuthWire.error(in:))
                ?? SignInError.invalidResponse(
                    from: "revocation endpoint", reason: "HTTP \(answer.response.statusCode)")
        }
    }
}
