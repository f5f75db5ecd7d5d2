public import Foundation
import SessionCore

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Real HTTP through `URLSession`, with redirects that never carry a secret to
/// another origin.
///
/// The session follows no redirect itself: Linux Foundation keeps every header
/// on a redirect to another host, and Darwin drops only `Authorization`. This
/// transport follows up to 10 redirects on its own. When a redirect changes
/// scheme, host or port, only plain content headers (`Accept`,
/// `Accept-Encoding`, `Accept-Language`, `Content-Type`, `User-Agent`) go on;
/// `Authorization`, `Cookie`, `X-Auth-Token` and every other header are
/// dropped. A same-origin redirect keeps all headers.
///
/// The session is ephemeral: no cookies, no cache, no credential storage.
///
/// ```swift
/// let client = NetworkClient(baseURL: server, transport: URLSessionTransport())
/// ```
public struct URLSessionTransport: Transport {
    /// Headers that may follow a redirect to another origin.
    public static let crossOriginHeaders: Set<String> = [
        "accept", "accept-encoding", "accept-language", "content-type", "user-agent",
    ]
    public static let maximumRedirects = 10

    private let session: SessionBox

    /// - Parameter timeout: Seconds a request may wait for data before it fails.
    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        session = SessionBox(configuration: configuration)
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        var current = request
        for _ in 0...Self.maximumRedirects {
            let (data, response) = try await session.session.data(for: current)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            guard let next = Self.redirect(from: current, response: http) else { return (data, http) }
            current = next
        }
        throw URLError(.httpTooManyRedirects)
    }

    /// The request a redirect response asks for, or `nil` when it is not a
    /// redirect to follow.
    static func redirect(from request: URLRequest, response: HTTPURLResponse) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode),
            let location = response.value(forHTTPHeaderField: "Location"),
            let base = request.url, let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let targetOrigin = Origin(target)
        else { return nil }

        var next = URLRequest(url: target)
        next.timeoutInterval = request.timeoutInterval
        // 303 always, and 301/302 after a POST, turn into a GET without a body (as browsers do).
        let becomesGet =
            response.statusCode == 303
            || ([301, 302].contains(response.statusCode) && request.httpMethod == "POST")
        next.httpMethod = becomesGet ? "GET" : request.httpMethod
        next.httpBody = becomesGet ? nil : request.httpBody
        let sameOrigin = request.url.flatMap { Origin($0) } == targetOrigin
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            let lowered = name.lowercased()
            if becomesGet && (lowered == "content-type" || lowered == "content-length") { continue }
            if sameOrigin || crossOriginHeaders.contains(lowered) {
                next.setValue(value, forHTTPHeaderField: name)
            }
        }
        return next
    }
}

/// Owns the URLSession and its delegate, and invalidates the session when the
/// last transport using it goes away (a session keeps its delegate alive).
private final class SessionBox: Sendable {
    let session: URLSession

    init(configuration: URLSessionConfiguration) {
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }
}

/// Hands every redirect response back instead of following it. The
/// session-level delegate is used because Linux Foundation ignores the
/// per-task delegate of `data(for:delegate:)` for redirects.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
