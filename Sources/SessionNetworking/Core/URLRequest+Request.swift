import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// The URL request for `request` against `baseURL`: the path joined with
    /// exactly one slash, its query and the request's query items appended.
    ///
    /// - Throws: ``NetworkError/invalidRequest(_:)`` for a method that is not
    ///   an HTTP token, or a path that names another server.
    init<Output>(_ request: Request<Output>, baseURL: URL) throws {
        guard !request.method.isEmpty, request.method.utf8.allSatisfy(HeaderFields.isTokenByte) else {
            throw NetworkError.invalidRequest("the method is not a valid HTTP token")
        }
        let (path, query) = Self.split(request.path)
        guard !path.contains("://"), !path.hasPrefix("//") else {
            // The token is scoped to the base URL's server; a path must not leave it.
            throw NetworkError.invalidRequest(
                "the path must be relative to the base URL, not a URL of its own")
        }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw NetworkError.invalidRequest("the base URL cannot be parsed")
        }
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        components.path = basePath + "/" + (relative.removingPercentEncoding ?? relative)
        var items = components.queryItems ?? []
        if let query { items += URLComponents(string: "?" + query)?.queryItems ?? [] }
        items += request.queryItems
        components.queryItems = items.isEmpty ? nil : items
        guard let url = components.url else {
            throw NetworkError.invalidRequest("the path does not make a valid URL")
        }
        self.init(url: url)
        httpMethod = request.method
        httpBody = request.body
    }

    private static func split(_ path: String) -> (path: String, query: String?) {
        guard let mark = path.firstIndex(of: "?") else { return (path, nil) }
        return (String(path[..<mark]), String(path[path.index(after: mark)...]))
    }
}
