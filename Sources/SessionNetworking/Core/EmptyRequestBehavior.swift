/// A behavior that does nothing: the default for a client or a request.
///
/// ```swift
/// let client = NetworkClient(baseURL: server, transport: URLSessionTransport(), behavior: EmptyRequestBehavior())
/// ```
public struct EmptyRequestBehavior: RequestBehavior {
    /// The behavior.
    public init() {}
}
