public import Foundation
import SessionCore

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A one-shot HTTP listener on `127.0.0.1` at a random port, that receives
/// the browser's redirect at the end of a sign-in (RFC 8252 §7.3).
///
/// Register `http://127.0.0.1/callback` at the provider: for a loopback IP
/// literal, the provider must let any port through. The listener answers the
/// browser with a short page, accepts only its callback path (anything else
/// gets a 404 and the wait goes on), lets the caller reject a callback that
/// is not this login's (a 400 page, and the wait goes on), and gives up after
/// a timeout. It uses POSIX sockets: no dependency.
///
/// ```swift
/// let listener = try LoopbackRedirectListener()
/// defer { listener.close() }
/// // send the browser to the provider with redirect_uri = listener.redirectURI
/// let callback = try await listener.waitForCallback(timeout: .seconds(300)) { url in
///     url.query?.contains("state=\(state)") == true ? nil : "this is not the login that was started"
/// }
/// ```
public final class LoopbackRedirectListener: Sendable {
    /// The URI to give the provider: `http://127.0.0.1:<port>/callback`.
    public let redirectURI: URL
    private let socket: Int32
    private let path: String
    private let closed = Locked(false)

    /// Binds `127.0.0.1` on a port the system picks and starts listening.
    ///
    /// - Parameter path: The only path a callback is accepted on.
    /// - Throws: ``ListenerError`` when no socket can be had.
    public init(path: String = "/callback") throws {
        #if canImport(Darwin)
            let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #else
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw ListenerError.socket(errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0, listen(fd, 8) == 0 else {
            let code = errno
            closeDescriptor(fd)
            throw ListenerError.socket(code)
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        guard let uri = URL(string: "http://127.0.0.1:\(port)\(path)") else {
            throw ListenerError.socket(EINVAL)
        }
        socket = fd
        self.path = path
        redirectURI = uri
    }

    deinit { close() }

    /// Stops listening. Safe to call more than once.
    public func close() {
        closed.withLock { closed in
            guard !closed else { return }
            closed = true
            closeDescriptor(socket)
        }
    }

    /// Waits for the browser to come back on the callback path.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait in all.
    ///   - check: Looks at a callback's URL; returns `nil` to accept it, or a
    ///     reason to reject it (the browser is told, and the wait goes on).
    /// - Returns: The accepted callback's full URL.
    /// - Throws: ``ListenerError/timedOut`` after `timeout`, `CancellationError`
    ///   as soon as the task is cancelled.
    public func waitForCallback(timeout: Duration, check: @escaping @Sendable (URL) -> String?) async throws
        -> URL
    {
        let cancelled = Locked(false)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread { [self] in
                    continuation.resume(
                        with: Result {
                            try self.serve(until: .now + timeout, cancelled: cancelled, check: check)
                        })
                }
                thread.start()
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }

    /// The accept loop, on a thread of its own: it polls every 100 ms so a
    /// cancellation or the deadline ends it promptly.
    private func serve(
        until deadline: ContinuousClock.Instant, cancelled: Locked<Bool>, check: (URL) -> String?
    )
        throws -> URL
    {
        while true {
            if cancelled.withLock({ $0 }) { throw CancellationError() }
            guard ContinuousClock.now < deadline else { throw ListenerError.timedOut }
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { continue }
            defer { closeDescriptor(connection) }
            guard let target = Self.readRequestTarget(connection),
                let url = URL(string: "http://127.0.0.1" + target, relativeTo: redirectURI)?.absoluteURL
            else {
                Self.answer(connection, status: "400 Bad Request", message: "This request could not be read.")
                continue
            }
            guard url.path == path else {
                Self.answer(connection, status: "404 Not Found", message: "Nothing here.")
                continue
            }
            if let reason = check(url) {
                Self.answer(
                    connection, status: "400 Bad Request", message: "Sign-in not accepted: \(reason).")
                continue
            }
            Self.answer(
                connection, status: "200 OK",
                message: "Signed in. You can close this window and return to the terminal.")
            return url
        }
    }

    /// The target of a `GET` request line (`/callback?code=…`), read with a
    /// 5-second limit and at most 16 KiB.
    private static func readRequestTarget(_ connection: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = ContinuousClock.now + .seconds(5)
        while bytes.count < 16_384, !bytes.contains(0x0A) {
            var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard ContinuousClock.now < end, poll(&ready, 1, 100) >= 0 else { return nil }
            guard ready.revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
        }
        guard let lineEnd = bytes.firstIndex(of: 0x0A) else { return nil }
        let parts = String(decoding: bytes[..<lineEnd], as: UTF8.self).split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/") else { return nil }
        return String(parts[1])
    }

    private static func answer(_ connection: Int32, status: String, message: String) {
        let page = "<!doctype html><meta charset=utf-8><title>session-cli</title><p>\(message)</p>\n"
        let response =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nCache-Control: no-store\r\n"
            + "Connection: close\r\nContent-Length: \(page.utf8.count)\r\n\r\n\(page)"
        let bytes = Array(response.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, noSignal)
            }
            guard count > 0 else { return }
            sent += count
        }
    }
}

/// Closes a descriptor, on every platform.
private func closeDescriptor(_ fd: Int32) {
    #if canImport(Darwin)
        _ = Darwin.close(fd)
    #else
        _ = Glibc.close(fd)
    #endif
}

/// `send` flags that keep a browser that hung up from killing the process
/// with SIGPIPE (Darwin has no MSG_NOSIGNAL; the tool ignores SIGPIPE there).
#if canImport(Darwin)
    private let noSignal: Int32 = 0
#else
    private let noSignal = Int32(MSG_NOSIGNAL)
#endif
