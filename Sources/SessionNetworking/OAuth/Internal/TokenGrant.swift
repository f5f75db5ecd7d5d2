package import SessionCore
import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A token endpoint's successful answer (RFC 6749 §5.1), checked field by
/// field, or the OAuth error it answered with.
package struct TokenGrant: Sendable {
    package let accessToken: AuthToken
    let refreshToken: AuthToken?
    /// Seconds the access token lives; `nil` when the provider did not say,
    /// or said 0 (a lifetime it does not know): such a token is used until
    /// a server refuses it.
    let expiresIn: Int?
    package let scopes: [String]?
    let idToken: String?
    /// Whether the provider bound the token to the DPoP proof's key (`token_type` DPoP, RFC 9449 §5).
    var boundByDPoP = false
    /// What a token exchange issued (`issued_token_type`, RFC 8693 §2.2.1).
    var issuedTokenType: String?
    /// When the provider says it made the token (`created_at`, seconds since
    /// 1970: GitLab's and every Doorkeeper server's answers carry it).
    var createdAt: Date?

    /// What a token endpoint answered: a grant, or an OAuth error.
    package enum Answer {
        case grant(TokenGrant)
        /// The error code, its description when it may be shown, and the
        /// wait it names (`interval`: GitHub's `slow_down` says how long).
        case error(code: String, description: String?, interval: Int?)

        /// The error as a ``SignInError``: a person's refusal as such
        /// (`access_denied`, or Microsoft's `authorization_declined`), any
        /// other code with its description.
        static func failure(code: String, description: String?) -> SignInError {
            switch code {
            case "access_denied", "authorization_declined": .accessDenied
            default: .providerError(code: code, description: description)
            }
        }
    }

    /// Checks that the token is bound as asked: to the proof's key when one
    /// was sent (`dpop`), and to nothing when none was (a DPoP token used as
    /// a bearer one would be refused by every server).
    func requireBinding(_ dpop: Bool) throws {
        guard boundByDPoP != dpop else { return }
        throw SignInError.invalidResponse(
            from: "token endpoint",
            reason: dpop
                ? "token_type is not DPoP: the provider did not bind the token to the key"
                : "token_type is DPoP, but no DPoP proof was sent")
    }

    /// Reads a token endpoint's answer: a JSON object, or a form (GitHub's
    /// default, and `text/plain`). An `error` makes it an error answer
    /// whatever its status: GitHub sends `authorization_pending` and
    /// `slow_down` with HTTP 200, Google with 428 and 403, and a token is
    /// never read out of an answer that names an error.
    ///
    /// - Throws: ``SignInError/invalidResponse(from:reason:)`` for a redirect,
    ///   a body that is neither a JSON object nor a form or is over 1 MiB, a
    ///   missing or invalid `access_token`, a `token_type` other than Bearer,
    ///   a negative or absurd `expires_in`, or a failure status without a
    ///   readable error code.
    package static func read(_ answer: SequenceResponse) throws -> Answer {
        let from = "token endpoint"
        // A DPoP nonce the provider hands out is kept for its next proof (RFC 9449 §8).
        if let url = answer.response.url { DPoPNonces.keep(from: answer.response, for: url) }
        let object = try OAuthWire.answerObject(answer, from: from)
        if case .providerError(let code, let description)? = OAuthWire.error(in: object) {
            let interval = try? OAuthWire.integer(object, "interval", in: 1...3600, from: from)
            return .error(code: code, description: description, interval: interval)
        }
        guard (200...299).contains(answer.response.status.code) else {
            throw SignInError.invalidResponse(
                from: from, reason: "HTTP \(answer.response.status.code) without an OAuth error code")
        }
        let type = try OAuthWire.string(object, "token_type", from: from)?.lowercased()
        if type == "n_a" {
            throw SignInError.invalidResponse(
                from: from,
                reason: "token_type is N_A: the issued token is not an access token (RFC 8693 §2.2.1)")
        }
        guard let type, type == "bearer" || type == "dpop" else {
            throw SignInError.invalidResponse(from: from, reason: "token_type is neither Bearer nor DPoP")
        }
        guard let accessToken = try token(object, "access_token") else {
            throw SignInError.invalidResponse(from: from, reason: "access_token is missing")
        }
        let lifetimes = 0...Int(SessionLimits.longestTokenLifetime)
        let expiresIn = try OAuthWire.integer(object, "expires_in", in: lifetimes, from: from)
        // Read for its bounds: a GitHub App's refresh token says how long it lives.
        _ = try OAuthWire.integer(object, "refresh_token_expires_in", in: lifetimes, from: from)
        var grant = TokenGrant(
            accessToken: accessToken,
            refreshToken: try token(object, "refresh_token"),
            expiresIn: expiresIn == 0 ? nil : expiresIn,
            scopes: try OAuthWire.string(object, "scope", from: from).map(scopes),
            idToken: try OAuthWire.string(object, "id_token", from: from))
        grant.boundByDPoP = type == "dpop"
        grant.issuedTokenType = try OAuthWire.string(object, "issued_token_type", from: from)
        grant.createdAt = try OAuthWire.integer(object, "created_at", in: 0...Int(Int32.max) * 2, from: from)
            .map { Date(timeIntervalSince1970: TimeInterval($0)) }
        return .grant(grant)
    }

    /// A space-separated list of RFC 6749 scope tokens; anything else (a
    /// control character, a bidi override, a quote) refuses the answer, so
    /// it is never stored or shown.
    private static func scopes(_ text: String) throws -> [String] {
        let scopes = text.split(separator: " ").map(String.init)
        guard scopes.allSatisfy(ScopeToken.isValid) else {
            throw SignInError.invalidResponse(
                from: "token endpoint", reason: "scope holds characters a scope may not (RFC 6749 §3.3)")
        }
        return scopes
    }

    private static func token(_ object: JSONObject, _ key: String) throws -> AuthToken? {
        guard let text = try OAuthWire.string(object, key, from: "token endpoint") else { return nil }
        do {
            return try AuthToken(text)
        } catch let error as AuthTokenError {
            // The error names the byte class and offset, never the value.
            throw SignInError.invalidResponse(from: "token endpoint", reason: "\(key): \(error)")
        }
    }

    /// The request that reads the account's claims with this grant's token.
    func userinfoRequest(_ endpoint: URL, key: SigningKey? = nil) throws -> HTTPRequest {
        var request = HTTPRequest(url: endpoint)
        request.headerFields[.accept] = "application/json"
        return try DPoPKey.authorizing(request, token: accessToken, key: key)
    }

    /// When this grant's access token expires, counted from `sentAt`, when
    /// the request was sent: it errs early, never late. A `created_at`
    /// earlier than that (the provider's clock is behind) counts from then
    /// instead, unless the two clocks disagree by more than a day, when it
    /// says nothing this machine can use.
    func expiry(sentAt: Date) -> Date? {
        var start = sentAt
        if let createdAt, createdAt < sentAt, sentAt.timeIntervalSince(createdAt) < 86_400 {
            start = createdAt
        }
        return expiresIn.map { start.addingTimeInterval(TimeInterval($0)) }
    }
}
