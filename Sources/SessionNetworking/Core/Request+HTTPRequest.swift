import SessionCore
import SessionHTTP
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Request {
    /// The head and body of this request against `baseURL`: the path joined with
    /// exactly one slash, its query and the request's query items appended.
    ///
    /// The path and query are kept as the caller wrote them: `%2B` stays
    /// `%2B` and `%2F` stays `%2F`. Only bytes a URL cannot hold (a space,
    /// `"`, non-ASCII…) are percent-encoded. Query items are encoded strictly
    /// (everything but unreserved characters), so `+` and `&` in a value
    /// arrive as written.
    ///
    /// - Throws: ``NetworkError/invalidRequest(_:)`` for a method that is not
    ///   an HTTP token, a path that names another server, or a `%` not
    ///   followed by two hex digits.
    func http(against baseURL: URL) throws -> (HTTPRequest, HTTPRequestBody?) {
        let request = self
        guard let method = HTTPRequest.Method(request.method) else {
            throw NetworkError.invalidRequest("the method is not a valid HTTP token")
        }
        let (path, query) = Self.split(request.path)
        guard !path.contains("://"), !path.hasPrefix("//") else {
            // The token is scoped to the base URL's server; a path must not leave it.
            throw NetworkError.invalidRequest(
                "the path must be relative to the base URL, not a URL of its own")
        }
        guard let base = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            base.scheme != nil, base.percentEncodedHost != nil
        else {
            throw NetworkError.invalidRequest("the base URL cannot be parsed")
        }
        let basePath =
            base.percentEncodedPath.hasSuffix("/")
            ? String(base.percentEncodedPath.dropLast()) : base.percentEncodedPath
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        var queries = [base.percentEncodedQuery].compactMap { $0 }.filter { !$0.isEmpty }
        if let query, !query.isEmpty {
            queries.append(try PercentEncoding.keepingEscapes(query, in: "query"))
        }
        queries += request.queryItems.map { item in
            PercentEncoding.strict(item.name) + (item.value.map { "=" + PercentEncoding.strict($0) } ?? "")
        }
        let target =
            "\(basePath)/\(try PercentEncoding.keepingEscapes(relative, in: "path"))"
            + (queries.isEmpty ? "" : "?" + queries.joined(separator: "&"))
        // The base URL's scheme and authority, as HTTPRequest reads them from a URL.
        var http = HTTPRequest(method: method, url: baseURL)
        http.path = target
        guard http.url != nil else {
            throw NetworkError.invalidRequest("the path does not make a valid URL")
        }
        if let body = request.body { return (http, .data(body)) }
        if let stream = request.bodyStream {
            // Checked here, so that a file that cannot be read fails before anything is sent.
            guard let descriptor = stream.openDescriptor() else {
                throw NetworkError.invalidRequest("the body's file cannot be opened")
            }
            systemClose(descriptor)
            return (http, .stream(stream))
        }
        return (http, nil)
    }

    private static func split(_ path: String) -> (path: String, query: String?) {
        guard let mark = path.firstIndex(of: "?") else { return (path, nil) }
        return (String(path[..<mark]), String(path[path.index(after: mark)...]))
    }
}
