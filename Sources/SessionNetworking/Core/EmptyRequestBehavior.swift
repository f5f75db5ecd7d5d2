/// A behavior that does nothing: the default for a client or a request.
public struct EmptyRequestBehavior: RequestBehavior {
    /// The behavior.
    public init() {}
}
