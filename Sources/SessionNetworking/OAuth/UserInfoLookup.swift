public import SessionCore
public import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Credential {
    /// Asks the session's provider who the account is: its OpenID Connect
    /// userinfo endpoint (found by discovery), with the access token.
    ///
    /// The token goes to the provider's userinfo endpoint only, which
    /// discovery checked is HTTPS (or loopback). The answer is held up to
    /// ``SessionLimits/providerAnswerSize``, each exchange ends within
    /// ``SessionLimits/signInExchangeDeadline``, and a claim that is not a
    /// string, too long, or not safe to show is left out. Refresh a due
    /// token first (``TokenRefresher/currentCredential()``): this sends the
    /// token as it is.
    ///
    /// ```swift
    /// guard let session = try await refresher.currentCredential() else { return }
    /// let info = try await session.userInfo()
    /// ```
    /// - Throws: ``SignInError/missingEndpoint(name:)`` for a session with
    ///   no provider (a pasted token) or a provider with no userinfo
    ///   endpoint; the errors of ``ProviderMetadata/discover(issuer:transport:)``;
    ///   ``SignInError/invalidResponse(from:reason:)`` for an answer that is
    ///   not a JSON object with a `sub`; `NetworkError.status` when the
    ///   provider refuses the token.
    public func userInfo(transport: (any Transport)? = nil) async throws -> UserInfo {
        let transport = transport ?? connection.transport()
        guard let provider else { throw SignInError.missingEndpoint(name: "userinfo endpoint") }
        let metadata = try await ProviderMetadata.discover(issuer: provider.issuer, transport: transport)
        guard let endpoint = metadata.userinfoEndpoint else {
            throw SignInError.missingEndpoint(name: "userinfo endpoint")
        }
        try OAuthWire.requireSafe(endpoint, "userinfo endpoint")
        var request = HTTPRequest(url: endpoint)
        request.headerFields[.authorization] = "Bearer \(token.value)"
        request.headerFields[.accept] = "application/json"
        return try await NetworkClient(
            baseURL: endpoint,
            transport: DeadlineTransport(transport, limit: SessionLimits.signInExchangeDeadline)
        ).run(
            OneRequest(request) { try UserInfoAnswer.read($0, accountClaim: metadata.profile?.accountClaim) })
    }
}

/// The userinfo endpoint's answer: a JSON object whose `sub` is a string,
/// or for a provider whose account is not OpenID Connect's (GitHub's
/// `GET /user`), whose `id` is a whole number or a string and whose
/// `accountClaim` (`login`) is the short name.
enum UserInfoAnswer {
    static func read(_ answer: SequenceResponse, accountClaim: String? = nil) throws -> UserInfo {
        let status = answer.response.status.code
        guard status == 200 else { throw NetworkError.status(code: status, body: answer.body) }
        let object = try OAuthWire.object(answer, from: "userinfo endpoint")
        func claim(_ key: String) -> String? {
            guard case .string(let text)? = object[key], showable(text) else { return nil }
            return text
        }
        var subject = try OAuthWire.string(object, "sub", from: "userinfo endpoint")
        if subject == nil, accountClaim != nil {
            subject =
                claim("id")
                ?? (try? OAuthWire.integer(object, "id", in: 0...Int.max, from: "")).map(String.init)
        }
        guard let subject, showable(subject) else {
            throw SignInError.invalidResponse(from: "userinfo endpoint", reason: "it names no subject (sub)")
        }
        return UserInfo(
            subject: subject, preferredUsername: claim("preferred_username") ?? accountClaim.flatMap(claim),
            name: claim("name"), email: claim("email"))
    }

    private static func showable(_ text: String) -> Bool {
        !text.isEmpty && text.count <= SessionLimits.accountNameLength && TerminalText.isSafe(text)
    }
}
