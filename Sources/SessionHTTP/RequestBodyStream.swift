import SessionSystem

/// A request body sent as it is read, never held whole: a file, or
/// standard input. What ``Request/bodyStream`` carries.
///
/// A file can be read again from its start, so a request that carries one
/// can be retried (after a refresh); standard input cannot, so a request
/// that carries it is sent once, and its answer, whatever it is, is the
/// answer. Neither is sent again to follow a redirect that keeps the method
/// (307, 308): `URLSessionTransport` returns that answer as it is.
///
/// ```swift
/// var upload = Request<Data>.raw(method: "PUT", path: "/files/backup.tar")
/// upload.bodyStream = .file("/var/backups/backup.tar")
/// ```
public struct RequestBodyStream: Sendable, Hashable {
    /// The file read, `/dev/stdin` for standard input.
    public let path: String
    /// Whether the body can be read again from its start.
    public let canReplay: Bool

    /// The file at `path`, read from its start each time it is sent.
    public static func file(_ path: String) -> RequestBodyStream {
        RequestBodyStream(path: path, canReplay: true)
    }

    /// This process's standard input, to its end, read once.
    public static let standardInput = RequestBodyStream(path: "/dev/stdin", canReplay: false)

    /// A descriptor of the body's file, read from its start, or `nil` when
    /// it cannot be opened. The caller closes it.
    package func openDescriptor() -> Int32? {
        POSIX.openForReading(atPath: path)
    }
}
