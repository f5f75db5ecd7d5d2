import Foundation
import SessionCore
import SessionSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// The URL request for `request` against `baseURL`: the path joined with
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
    init<Output>(_ request: Request<Output>, baseURL: URL) throws {
        guard HTTPToken.isToken(request.method) else {
            throw NetworkError.invalidRequest("the method is not a valid HTTP token")
        }
        let (path, query) = Self.split(request.path)
        guard !path.contains("://"), !path.hasPrefix("//") else {
            // The token is scoped to the base URL's server; a path must not leave it.
            throw NetworkError.invalidRequest(
                "the path must be relative to the base URL, not a URL of its own")
        }
        guard let base = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            let scheme = base.scheme, let host = base.percentEncodedHost
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
        let authority =
            (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
            + (base.port.map { ":\($0)" } ?? "")
        let text =
            "\(scheme)://\(authority)\(basePath)/\(try PercentEncoding.keepingEscapes(relative, in: "path"))"
            + (queries.isEmpty ? "" : "?" + queries.joined(separator: "&"))
        guard let url = URL(string: text) else {
            throw NetworkError.invalidRequest("the path does not make a valid URL")
        }
        self.init(url: url)
        httpMethod = request.method
        httpBody = request.body
        if request.body == nil, let stream = request.bodyStream {
            guard let opened = stream.open() else {
                throw NetworkError.invalidRequest("the body's file cannot be opened")
            }
            httpBodyStream = opened
        }
    }

    private static func split(_ path: String) -> (path: String, query: String?) {
        guard let mark = path.firstIndex(of: "?") else { return (path, nil) }
        return (String(path[..<mark]), String(path[path.index(after: mark)...]))
    }
}
