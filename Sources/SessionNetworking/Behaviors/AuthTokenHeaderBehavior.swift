public import SessionCore
public import SessionHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Puts the session's token on requests, and only where it belongs.
///
/// It reads the repository on every request, so a logout anywhere — another
/// screen, another process — stops the very next request from carrying the
/// token. No session, or an expired one: no header. When the credential names
/// a `server`, the token goes only to that origin (scheme, host, port); over
/// plain `http` it goes only to a loopback host.
///
/// ```swift
/// AuthTokenHeaderBehavior(repository: store)                     // Authorization: Bearer <token>
/// AuthTokenHeaderBehavior(repository: store, headerName: "X-Auth-Token", scheme: nil)   // X-Auth-Token: <token>
/// ```
///
/// A session bound to a key by DPoP (RFC 9449, ``Credential/dpopKey``) is
/// sent as the RFC asks, whatever the header and scheme given: `Authorization:
/// DPoP <token>` and a `DPoP` header with a fresh proof for this request,
/// signed with the session's key, with the server's last nonce. A 401 that
/// asks for a new nonce (`use_dpop_nonce`) is retried once with it, and a
/// new nonce in any answer replaces the last. With a ``FileLoginStateStore``
/// the nonces are kept beside its session file (`session.json.nonces`), so
/// the next process's first request carries the server's last one.
public struct AuthTokenHeaderBehavior: RequestBehavior, RequestRetrier {
    private let repository: any LoginStateRepository
    private let headerName: String
    private let scheme: String?
    private let now: @Sendable () -> Date
    private let refresher: TokenRefresher?

    /// - Parameters:
    ///   - repository: Where the session is read from, on every request.
    ///   - headerName: The header that carries the token.
    ///   - scheme: Written before the token with a space (`Bearer`); `nil` for the bare token.
    ///   - now: The clock expiry is judged by.
    ///   - refresher: When given, a token that is due is refreshed before the
    ///     request, and a 401 for the session's current token from its own
    ///     server refreshes it and retries the request once.
    public init(
        repository: any LoginStateRepository, headerName: String = "Authorization",
        scheme: String? = "Bearer",
        now: @escaping @Sendable () -> Date = { Date() }, refresher: TokenRefresher? = nil
    ) {
        self.repository = repository
        self.headerName = headerName
        self.scheme = scheme
        self.now = now
        self.refresher = refresher
        DPoPNonces.keep(beside: repository)
    }

    /// The token's header, when the token may go where `request` goes; it
    /// records in ``RequestContext/current`` which token the request carries
    /// (as a ``TokenFingerprint``).
    ///
    /// - Throws: What the repository throws when the session cannot be read;
    ///   the request is then refused rather than sent without its token.
    public func additionalHeaders(for request: HTTPRequest) async throws -> [String: String] {
        guard let (credential, token, header) = try await tokenHeader(for: request) else { return [:] }
        if let key = try DPoPKey.signingKey(of: credential), let url = request.url {
            let value = "DPoP \(token.value)"
            RequestContext.current?.recordToken(token, header: .authorization, value: value)
            let proof = try DPoPProof.make(
                key: key, method: request.method.rawValue, url: url, accessToken: token,
                nonce: DPoPNonces.nonce(for: url))
            return ["Authorization": value, "DPoP": proof]
        }
        if let name = HTTPField.Name(headerName) {
            RequestContext.current?.recordToken(token, header: name, value: header)
        }
        return [headerName: header]
    }

    /// The session's token and the header value that carries it, if the
    /// token may go where `request` goes.
    private func tokenHeader(for request: HTTPRequest) async throws -> (Credential, AuthToken, String)? {
        let current =
            if let refresher { try await refresher.currentCredential() } else {
                try await repository.calling { try $0.load() }.activeCredential(at: now())
            }
        guard let credential = current, let url = request.url, credential.mayBeSent(to: url) else {
            return nil
        }
        let token = credential.token
        return (credential, token, scheme.map { "\($0) \(token.value)" } ?? token.value)
    }

    /// A bound request's answer may carry the server's next nonce (RFC 9449
    /// §9): kept for the next proof.
    public func afterSuccess(_ response: HTTPResponse, data: Data, for request: HTTPRequest) async {
        guard request.headerFields[.dpop] != nil, let url = response.url ?? request.url else {
            return
        }
        DPoPNonces.keep(from: response, for: url)
    }

    /// With a refresher: a 401 from the session's own origin (after
    /// redirects) for the token that is still stored refreshes it, and the
    /// request is retried with the new one. A 401 for an older token, or from
    /// another origin, does not refresh. A refused refresh has cleared the
    /// session, and the 401 stands.
    public func shouldRetry(after error: NetworkError, context: RequestContext) async -> Bool {
        // A bound session's server that wants a new nonce: once more, with it.
        if case .status(code: 401, _) = error, let response = context.response, let url = context.request.url,
            DPoPNonces.isAskedFor(by: response), context.carriedToken != nil,
            DPoPNonces.nonce(for: url) != response.headerFields[.dpopNonce],
            (try? await repository.calling({ try $0.load() }).credential?.dpopKey) != nil
        {
            return DPoPNonces.keep(from: response, for: url)
        }
        guard let refresher, case .status(code: 401, _) = error, let carried = context.carriedToken,
            let credential = try? await repository.calling({ try $0.load() }).credential,
            credential.token.fingerprint == carried,
            context.wasAnsweredByOrigin(of: credential)
        else { return false }
        guard let fresh = try? await refresher.refresh(replacing: carried) else { return false }
        return fresh.token.fingerprint != carried
    }
}
