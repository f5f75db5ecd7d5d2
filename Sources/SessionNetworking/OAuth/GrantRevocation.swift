public import SessionCore
public import SessionHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension Credential {
    /// Revokes this session's grant at its provider (RFC 7009): the refresh
    /// token when there is one, which ends the whole grant, then the access
    /// token while it is still valid (RFC 7009 §2.1 lets a provider keep it
    /// alive until it expires); the access token alone when there is no
    /// refresh token. A confidential client authenticates as at the token
    /// endpoint.
    ///
    /// It returns when the provider answered 200 to each, and throws at the
    /// first refusal, or when the whole revocation has taken longer than
    /// ``SessionLimits/revocationDeadline``. Log out first, whatever this
    /// will say, and revoke exactly what was removed:
    ///
    /// ```swift
    /// if let removed = try store.removeCredential() {
    ///     try await removed.revokeGrant()
    /// }
    /// ```
    /// - Throws: ``SignInError/missingEndpoint(name:)`` when the provider lists
    ///   no revocation endpoint, ``SignInError`` for a refusal, the
    ///   `NetworkError` of a transport failure, or a ``DeadlineExceededError``
    ///   past the deadline.
    public func revokeGrant(
        transport: (any Transport)? = nil, at date: Date = Date()
    ) async throws {
        guard let endpoint = provider?.revocationEndpoint else {
            throw SignInError.missingEndpoint(name: "revocation endpoint")
        }
        try await NetworkClient(
            baseURL: endpoint,
            transport: DeadlineTransport(
                transport ?? connection.transport(timeout: SessionLimits.idleTimeout),
                limit: SessionLimits.revocationDeadline)
        ).run(GrantRevocation(credential: self, at: date))
    }
}

/// The revocation of a grant as a request sequence: what
/// ``Credential/revokeGrant(transport:at:)`` runs.
package struct GrantRevocation: RequestSequence {
    private let credential: Credential
    private var pending: [(token: AuthToken, hint: String)]

    /// The revocation of `credential`'s grant at its provider's revocation
    /// endpoint, as of `date` (whether the access token is still valid).
    package init(credential: Credential, at date: Date = Date()) {
        self.credential = credential
        if let refreshToken = credential.refreshToken {
            pending = [(refreshToken, "refresh_token")]
            if !credential.isExpired(at: date) { pending.append((credential.token, "access_token")) }
        } else {
            pending = [(credential.token, "access_token")]
        }
    }

    /// A provider's answer is held up to ``SessionLimits/providerAnswerSize``.
    package var responseLimit: Int { SessionLimits.providerAnswerSize }

    /// Each revocation request in turn, each answer checked.
    package mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Void> {
        if let previous { try Self.read(previous) }
        guard let provider = credential.provider, let endpoint = provider.revocationEndpoint else {
            throw SignInError.missingEndpoint(name: "revocation endpoint")
        }
        guard !pending.isEmpty else { return .finish(()) }
        try OAuthWire.requireSafe(endpoint, "revocation endpoint")
        let (token, hint) = pending.removeFirst()
        // A bound session proves its key here too, for a provider that wants it; others ignore the proof.
        let client = ClientCredentials(provider, dpopKey: try DPoPKey.signingKey(of: credential))
        return .send(
            try client.proving(
                try client.formPost(to: endpoint, [("token", token.value), ("token_type_hint", hint)])))
    }

    /// A 200 revoked it (RFC 7009 §2.2; its body, often empty, says
    /// nothing), unless the body names an OAuth error. `invalid_token` says
    /// the token is no longer valid, which is what a revocation wants: RFC
    /// 7009 §2.2 asks for a 200 then, but Google answers 400 `invalid_token`
    /// for the access token of a grant whose refresh token it just revoked.
    private static func read(_ answer: SequenceResponse) throws {
        let error = (try? OAuthWire.object(answer, from: "revocation endpoint")).flatMap(OAuthWire.error(in:))
        if case .providerError(code: "invalid_token", _)? = error { return }
        if let error { throw error }
        guard answer.response.status.code == 200 else {
            throw SignInError.invalidResponse(
                from: "revocation endpoint", reason: "HTTP \(answer.response.status.code)")
        }
    }
}
