#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Why the loopback listener stopped.
public enum ListenerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No socket could be opened, bound or listened on (the errno).
    case socket(Int32)
    /// The browser did not come back in time.
    case timedOut

    /// The message.
    public var description: String {
        switch self {
        case .socket(let code): "cannot listen on 127.0.0.1: \(String(cString: strerror(code)))"
        case .timedOut: "the browser did not come back in time"
        }
    }
}
