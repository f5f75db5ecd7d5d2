public import SessionCore
public import SessionHTTP
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What one request carried and how it ended: the request as it was sent,
/// the final response after redirects, and which token went with it.
///
/// ``NetworkClient`` makes one for every request, and while a hook of
/// ``RequestBehavior`` runs, it is ``current``. A hook can tell from it which
/// session a 401 was about (``carriedToken``), where the request really ended
/// up (``finalURL``), and read headers such as `WWW-Authenticate` and
/// `Retry-After` from an error response (``response``). A
/// ``RequestRetrier`` is handed it.
///
/// ```swift
/// struct RetryAfterLogger: RequestBehavior {
///     func afterFailure(_ error: NetworkError, for request: HTTPRequest) async {
///         if let wait = RequestContext.current?.response?.headerFields[.retryAfter] {
///             print("retry in", wait)
///         }
///     }
/// }
/// ```
public final class RequestContext: Sendable {
    private struct State {
        var request: HTTPRequest
        var response: HTTPResponse?
        var body: Data?
        var token: (fingerprint: TokenFingerprint, header: HTTPField.Name, value: String)?
    }

    private let state: Locked<State>

    /// The context of the request whose hook is running: set by
    /// ``NetworkClient`` around every hook of ``RequestBehavior``, `nil`
    /// outside them.
    @TaskLocal public static var current: RequestContext?

    /// A context for `request`, before any header is added.
    package init(request: HTTPRequest) {
        state = Locked(State(request: request))
    }

    /// Runs `hook` with this context as ``current``.
    func during<Result>(_ hook: () async throws -> Result) async rethrows -> Result {
        try await Self.$current.withValue(self) { try await hook() }
    }

    /// The request as it was sent, headers included, once it has been sent;
    /// before that, the request as it was built.
    public var request: HTTPRequest { state.withLock { $0.request } }

    /// The final response after redirects, for a 2xx and for an error status
    /// alike; `nil` when no response arrived (a transport failure, cancellation).
    public var response: HTTPResponse? { state.withLock { $0.response } }

    /// The body of ``response``.
    public var responseBody: Data? { state.withLock { $0.body } }

    /// Where the request ended up after redirects: the URL of ``response``.
    public var finalURL: URL? { response?.url }

    /// The fingerprint of the session token the request was sent with, or
    /// `nil` when it carried none: no session, another origin, or a header of
    /// the request itself that replaced the token's.
    public var carriedToken: TokenFingerprint? {
        state.withLock { state in
            guard let token = state.token,
                state.request.headerFields[token.header] == token.value
            else { return nil }
            return token.fingerprint
        }
    }

    /// Whether the final response came from `credential`'s own origin: its
    /// `server`, or, when it names none, the origin the request was sent to.
    /// A 401 says something about the session only then.
    public func wasAnsweredByOrigin(of credential: Credential) -> Bool {
        guard let answeredBy = finalURL.flatMap({ Origin($0) }) else { return false }
        return (credential.server.flatMap { Origin($0) } ?? request.url.flatMap { Origin($0) }) == answeredBy
    }

    /// Records that a behavior put `token` on the request as header `name` with `value`.
    ///
    /// ``carriedToken`` reports it only if the request was sent with exactly
    /// that header value, so a header set on the ``Request`` itself, which
    /// wins over behaviors, is never mistaken for the session's token.
    package func recordToken(_ token: AuthToken, header name: HTTPField.Name, value: String) {
        state.withLock { $0.token = (token.fingerprint, name, value) }
    }

    func markSent(_ request: HTTPRequest) {
        state.withLock { $0.request = request }
    }

    func recordResponse(_ response: HTTPResponse, body: Data) {
        state.withLock {
            $0.response = response
            $0.body = body
        }
    }
}
