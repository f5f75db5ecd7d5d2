import Foundation
import SessionSupport
import SessionSystem

/// A browser's request, sent over a plain socket: for the loopback listener,
/// where a test needs what URLSession hides (idle connections, repeated
/// parameters, the exact bytes of the answer). Every call runs on a thread
/// of its own and is bounded by a timeout.
package enum RawHTTP {
    /// An HTTP answer: its status, its head, its body.
    package struct Answer: Sendable {
        /// The status code.
        package let status: Int
        /// The status line and the headers.
        package let head: String
        /// The body, as text.
        package let body: String

        /// The value of header `name`.
        package func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// The connection or the answer failed.
    package struct Failed: Error {}

    /// `GET target` on 127.0.0.1 (or `::1`) at `port`; the whole answer, up to the server's close.
    package static func get(
        _ target: String, port: Int, ipv6: Bool = false, timeout: Double = 30
    ) async throws -> Answer {
        try await request("GET", target, port: port, ipv6: ipv6, timeout: timeout)
    }

    /// `method target` with `body` (a form, for a POST) and `headers`
    /// (whole lines, `Name: value`) on 127.0.0.1 (or `::1`) at `port`; the
    /// whole answer, up to the server's close.
    package static func request(
        _ method: String, _ target: String, body: String = "", port: Int, ipv6: Bool = false,
        timeout: Double = 30, headers: [String] = []
    ) async throws -> Answer {
        try await offThePool {
            let fd = try connect(port: port, ipv6: ipv6)
            defer { close(fd) }
            var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            for header in headers { request += header + "\r\n" }
            if method != "GET" {
                request +=
                    "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
            }
            request += "\r\n" + body
            _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            return try readAnswer(fd, timeout: timeout)
        }
    }

    /// Reads an answer up to the server's close.
    static func readAnswer(_ fd: Int32, timeout: Double) throws -> Answer {
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw Failed() }
        let head = String(text[..<split.lowerBound])
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Answer(status: status, head: head, body: String(text[split.upperBound...]))
    }

    /// A request sent and not yet answered: the test can look whether any
    /// answer has arrived without waiting, then read it.
    package struct Pending: Sendable {
        let fd: Int32

        /// A connection already open on `fd`, owned from now on.
        package init(fd: Int32) {
            self.fd = fd
        }

        /// Whether the server has sent anything (or closed) yet, looking without waiting.
        package var hasAnswered: Bool {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, 0) > 0
        }

        /// Whether the server has closed the connection (its end of file has arrived).
        package var isClosedByServer: Bool {
            guard hasAnswered else { return false }
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
        }

        /// The whole answer, up to the server's close; the connection is closed after.
        package func answer(timeout: Double = 30) async throws -> Answer {
            let fd = fd
            return try await offThePool {
                defer { systemClose(fd) }
                return try RawHTTP.readAnswer(fd, timeout: timeout)
            }
        }

        /// Closes the connection.
        package func close() { _ = systemClose(fd) }
    }

    /// Sends `GET target` and returns without waiting for the answer.
    package static func start(_ target: String, port: Int) throws -> Pending {
        let fd = try connect(port: port, ipv6: false)
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return Pending(fd: fd)
    }

    /// A connection that sends nothing, as a browser's speculative one does;
    /// closed when the returned descriptor is.
    package static func idleConnection(port: Int) throws -> Int32 {
        try connect(port: port, ipv6: false)
    }

    private static func connect(port: Int, ipv6: Bool) throws -> Int32 {
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failed() }
        let connected = LoopbackSocketAddress(ipv4: ipv6 ? nil : 0x7F00_0001, port: port).withSockaddr {
            Glibc.connect(fd, $0, $1)
        }
        guard connected == 0 else {
            close(fd)
            throw Failed()
        }
        return fd
    }
}
