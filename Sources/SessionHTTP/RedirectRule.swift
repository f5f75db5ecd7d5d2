import SessionCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How every transport here follows redirects, so that none carries a
/// secret where it does not belong: the HTTP library follows none itself.
///
/// - When a redirect changes scheme, host or port, only plain content headers
///   (`Accept`, `Accept-Encoding`, `Accept-Language`, `Content-Type`,
///   `User-Agent`) go on; `Authorization`, `Cookie`, `X-Auth-Token` and every
///   other header are dropped. A same-origin redirect keeps all headers.
/// - 303, and 301/302 after a POST, become a GET without a body (as browsers
///   do); 307 and 308 keep the method and the body.
/// - These are not followed; the 3xx response is returned as it is:
///   a redirect from `https` to `http`; a 307 or 308 that would carry a body
///   to another origin, or send a streamed body again; a `Location` that is
///   not an `http` or `https` URL, or none at all.
/// - One more than ``SessionLimits/redirects`` in a row fails with
///   ``ConnectionError/Reason/tooManyRedirects``.
package enum RedirectRule {
    /// Headers that may follow a redirect to another origin.
    package static let crossOriginHeaders: Set<HTTPField.Name> = [
        .accept, .acceptEncoding, .acceptLanguage, .contentType, .userAgent,
    ]

    /// One request on its way: where, and with what body.
    package struct Hop: Sendable {
        package var request: HTTPRequest
        package var body: HTTPRequestBody?

        package init(request: HTTPRequest, body: HTTPRequestBody?) {
            self.request = request
            self.body = body
        }
    }

    /// Sends `request` with `hop`, then each redirect it asks for, up to
    /// ``SessionLimits/redirects``. `hop` hands the body to its receiver
    /// only when `deliversBody` says the response is the answer. A request
    /// that names no `User-Agent` names ``ConnectionSettings/userAgent``.
    ///
    /// - Throws: ``ConnectionError/Reason/tooManyRedirects`` after the last one.
    package static func follow(
        _ request: HTTPRequest, body: HTTPRequestBody?,
        hop: (Hop, _ deliversBody: @escaping @Sendable (HTTPResponse) -> Bool) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var current = Hop(request: request, body: body)
        if !current.request.headerFields.contains(.userAgent) {
            current.request.headerFields[.userAgent] = ConnectionSettings.headerUserAgent
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
    package static func next(after sent: Hop, response: HTTPResponse) -> Hop? {
        let request = sent.request
        guard [301, 302, 303, 307, 308].contains(response.status.code),
            let location = response.headerFields[.location],
            let base = request.url, let sourceOrigin = Origin(base),
            let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let targetOrigin = Origin(target)
        else { return nil }
        if sourceOrigin.scheme == "https" && targetOrigin.scheme == "http" { return nil }

        let method = request.method
        // 303 always, and 301/302 after a POST, turn into a GET without a body (as browsers do).
        let becomesGet =
            (response.status.code == 303 && method != .head)
            || ([301, 302].contains(response.status.code) && method == .post)
        let sameOrigin = sourceOrigin == targetOrigin
        var body: HTTPRequestBody?
        if !becomesGet {
            switch sent.body {
            case .none: body = nil
            case .data(let data): body = data.isEmpty ? nil : .data(data)
            // A streamed body was read on the way there; it is not sent again.
            case .stream: return nil
            }
        }
        if !sameOrigin && body != nil { return nil }

        var next = HTTPRequest(method: becomesGet ? .get : method, url: target)
        for field in request.headerFields {
            if becomesGet && (field.name == .contentType || field.name == .contentLength) { continue }
            if sameOrigin || crossOriginHeaders.contains(field.name) {
                next.headerFields.append(field)
            }
        }
        return Hop(request: next, body: body)
    }
}
