import Foundation
import SessionCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How every transport here follows redirects, so that none carries a
/// secret where it does not belong (the rules are listed on
/// ``URLSessionTransport``): the HTTP library follows none itself.
enum RedirectRule {
    /// Headers that may follow a redirect to another origin.
    static let crossOriginHeaders: Set<String> = [
        "accept", "accept-encoding", "accept-language", "content-type", "user-agent",
    ]

    /// Sends `request` with `hop`, then each redirect it asks for, up to
    /// ``SessionLimits/redirects``. `hop` hands the body to its receiver
    /// only when `deliversBody` says the response is the answer. A request
    /// that names no `User-Agent` names ``ConnectionSettings/userAgent``.
    ///
    /// - Throws: ``ConnectionError/Reason/tooManyRedirects`` after the last one.
    static func follow(
        _ request: URLRequest,
        hop: (URLRequest, _ deliversBody: @escaping @Sendable (HTTPURLResponse) -> Bool) async throws
            -> HTTPURLResponse
    ) async throws -> HTTPURLResponse {
        var current = request
        if current.value(forHTTPHeaderField: "User-Agent") == nil {
            current.setValue(ConnectionSettings.headerUserAgent, forHTTPHeaderField: "User-Agent")
        }
        for _ in 0...SessionLimits.redirects {
            let sent = current
            let response = try await hop(sent) { next(after: sent, response: $0) == nil }
            guard let following = next(after: sent, response: response) else { return response }
            current = following
        }
        throw ConnectionError(.tooManyRedirects, origin: request.url.flatMap(Origin.init)?.description)
    }

    /// The request a redirect response asks for, or `nil` when the response
    /// is not a redirect to follow (then it is the answer).
    static func next(after request: URLRequest, response: HTTPURLResponse) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode),
            let location = response.value(forHTTPHeaderField: "Location"),
            let base = request.url, let sourceOrigin = Origin(base),
            let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let targetOrigin = Origin(target)
        else { return nil }
        if sourceOrigin.scheme == "https" && targetOrigin.scheme == "http" { return nil }

        let method = request.httpMethod ?? "GET"
        // 303 always, and 301/302 after a POST, turn into a GET without a body (as browsers do).
        let becomesGet =
            (response.statusCode == 303 && method != "HEAD")
            || ([301, 302].contains(response.statusCode) && method == "POST")
        let sameOrigin = sourceOrigin == targetOrigin
        let body = becomesGet ? nil : request.httpBody
        if !sameOrigin && !(body ?? Data()).isEmpty { return nil }
        // A streamed body was read on the way there; it is not sent again.
        if !becomesGet && request.httpBodyStream != nil { return nil }

        var next = URLRequest(url: target)
        next.timeoutInterval = request.timeoutInterval
        next.httpMethod = becomesGet ? "GET" : method
        next.httpBody = body
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
