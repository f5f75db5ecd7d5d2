public import Foundation
public import SessionCore
public import SessionHTTP
import SessionSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Real HTTP through `URLSession`, with redirects that never carry a secret
/// where it does not belong: the transport on Apple platforms. On Linux it is
/// in a product of its own, `SessionURLSession`, so that an app that does not
/// use it links no FoundationNetworking (``CurlTransport`` is the transport
/// there).
///
/// The session follows no redirect itself: Linux Foundation keeps every header
/// on a redirect to another host, and Darwin drops only `Authorization`. This
/// transport follows up to 10 redirects on its own, by these rules:
/// - When a redirect changes scheme, host or port, only plain content headers
///   (`Accept`, `Accept-Encoding`, `Accept-Language`, `Content-Type`,
///   `User-Agent`) go on; `Authorization`, `Cookie`, `X-Auth-Token` and every
///   other header are dropped. A same-origin redirect keeps all headers.
/// - 303, and 301/302 after a POST, become a GET without a body (as browsers
///   do); 307 and 308 keep the method and the body.
/// - These are not followed; the 3xx response is returned as it is, so the
///   caller sees a `.status` error naming it:
///   - a redirect from `https` to `http` (the request, its body and any
///     cookie would travel in the clear);
///   - a 307 or 308 that would carry a body to another origin (the body may
///     hold a password or a refresh token), or send a streamed body again
///     (``Request/bodyStream``: it was read on the way there);
///   - a `Location` that is not an `http` or `https` URL, or none at all.
/// - An 11th redirect in a row fails with ``ConnectionError/Reason/tooManyRedirects``.
///
/// The session is ephemeral: no cookies, no cache, no credential storage.
///
/// ```swift
/// let client = NetworkClient(baseURL: server, transport: URLSessionTransport())
/// ```
public struct URLSessionTransport: Transport {
    private let session: TransferSession
    private let settings: ConnectionSettings
    private let timeout: TimeInterval

    /// - Parameter timeout: Seconds a request may wait for data before it fails (an idle
    ///   limit, not an overall one: a server that sends a byte now and then keeps it alive).
    public init(timeout: TimeInterval = SessionLimits.requestIdleTimeout) {
        self.init(settings: ConnectionSettings(), timeout: timeout)
    }

    /// A transport with `settings`, as far as `URLSession` can honour them:
    /// ``ProxySettings/none`` sends every request straight; a CA file, a
    /// client certificate or a ``ProxySettings/url(_:noProxy:)`` fails each request with
    /// ``ConnectionError/Reason/unsupported(_:)`` (use ``CurlTransport``,
    /// the default on Linux, for them). ``ProxySettings/environment`` is the
    /// system's proxy configuration.
    ///
    /// - Parameters:
    ///   - settings: Trust, client certificate and proxy.
    ///   - timeout: Seconds a request may wait for data before it fails.
    public init(settings: ConnectionSettings, timeout: TimeInterval = SessionLimits.requestIdleTimeout) {
        self.settings = settings
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        if settings.proxy == .none { configuration.connectionProxyDictionary = [:] }
        session = TransferSession(configuration: configuration)
    }

    /// Sends `request`, following redirects by the rules above, and returns
    /// the whole body.
    public func send(_ request: HTTPRequest, body: HTTPRequestBody?) async throws -> (Data, HTTPResponse) {
        try await gatheringBody(request, body: body)
    }

    /// Sends `request`, following redirects by the rules above, and hands
    /// the final response's body to `receive` as it arrives. Nothing of the
    /// body is held here; when `receive` throws, the transfer stops at once.
    public func send(
        _ request: HTTPRequest, body: HTTPRequestBody?,
        receiving receive: @escaping @Sendable (HTTPResponse, Data) throws -> Void
    ) async throws -> HTTPResponse {
        let proxyGiven = if case .url = settings.proxy { true } else { false }
        guard !settings.isKeptWithSession && !proxyGiven else {
            throw ConnectionError(
                .unsupported(
                    "URLSessionTransport cannot use a CA file, a client certificate or a given proxy"),
                origin: request.url.flatMap(Origin.init)?.description)
        }
        let session = session
        let timeout = timeout
        return try await RedirectRule.follow(request, body: body) { hop, deliversBody in
            let converted = try Self.urlRequest(hop)
            do {
                let response = try await session.transfer(
                    converted, deliversBody: { deliversBody(Self.response($0)) },
                    receive: { try receive(Self.response($0), $1) })
                return Self.response(response)
            } catch let error as URLError {
                throw Self.failure(
                    error, origin: hop.request.url.flatMap(Origin.init)?.description, timeout: timeout)
            }
        }
    }

    /// URLSession's error as the library's: cancellation as
    /// `CancellationError`, the rest as the ``ConnectionError`` that
    /// `CurlTransport` throws for the same failure.
    static func failure(_ error: URLError, origin: String?, timeout: TimeInterval) -> any Error {
        let reason: ConnectionError.Reason
        switch error.code {
        case .cancelled: return CancellationError()
        case .cannotConnectToHost: reason = .connectionRefused
        case .timedOut: reason = .noAnswer(seconds: Int(timeout.rounded(.up)))
        case .cannotFindHost, .dnsLookupFailed: reason = .hostNotFound
        case .networkConnectionLost: reason = .connectionLost
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid:
            reason = .certificateRejected(error.localizedDescription)
        case .secureConnectionFailed: reason = .tlsFailed(error.localizedDescription)
        case .httpTooManyRedirects: reason = .tooManyRedirects
        default: reason = .other(error.localizedDescription)
        }
        return ConnectionError(reason, origin: origin)
    }

    /// `hop` as Foundation's request.
    static func urlRequest(_ hop: RedirectRule.Hop) throws -> URLRequest {
        guard let url = hop.request.url else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = hop.request.method.rawValue
        for name in Set(hop.request.headerFields.map(\.name)) {
            request.setValue(hop.request.headerFields[name], forHTTPHeaderField: name.rawName)
        }
        switch hop.body {
        case .none: break
        case .data(let data): request.httpBody = data
        case .stream(let stream):
            guard let opened = InputStream(fileAtPath: stream.path) else { throw URLError(.cannotOpenFile) }
            request.httpBodyStream = opened
        }
        return request
    }

    /// Foundation's response as the library's. Foundation keeps the fields
    /// in a dictionary (their order is lost) and hides the status line's
    /// version and words: the phrase is the usual one for the code.
    static func response(_ response: HTTPURLResponse) -> HTTPResponse {
        var fields = HTTPFields()
        for (name, value) in response.allHeaderFields {
            guard let name = (name as? String).flatMap(HTTPField.Name.init), let value = value as? String
            else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        return HTTPResponse(status: .init(code: response.statusCode), headerFields: fields, url: response.url)
    }
}
