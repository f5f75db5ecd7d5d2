/// The request line of an HTTP/1.x request head, as the loopback listener
/// reads it from a browser: `GET /callback?code=…&state=… HTTP/1.1`.
///
/// The parser is strict and never trusts lengths from the peer: the head
/// must end (a blank line) within the byte limit, the request line must have
/// exactly three parts, the target must be printable ASCII in origin form.
package struct RequestHead: Sendable, Equatable {
    /// The method, as sent (`GET`).
    package let method: String
    /// The target's path (`/callback`), still percent-encoded.
    package let path: String
    /// What follows the first `?`, still encoded; `nil` without one.
    package let query: String?

    /// What a buffer holds so far.
    package enum Reading: Sendable, Equatable {
        /// The head has not ended yet: read more.
        case incomplete
        /// The head is longer than the limit.
        case tooLarge
        /// The head is not an HTTP/1.x request this listener serves.
        case invalid
        /// A whole head.
        case complete(RequestHead)
    }

    /// Reads a request head from the bytes received so far.
    package static func read(_ bytes: [UInt8], limit: Int) -> Reading {
        guard let end = headEnd(bytes) else { return bytes.count >= limit ? .tooLarge : .incomplete }
        guard end <= limit else { return .tooLarge }
        guard let lineEnd = bytes.firstIndex(of: 0x0A) else { return .invalid }
        var line = bytes[..<lineEnd]
        if line.last == 0x0D { line = line.dropLast() }
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty,
            parts[0].allSatisfy({ (0x41...0x5A).contains($0) }),
            parts[1].first == UInt8(ascii: "/"),
            parts[1].allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "#") }),
            parts[2].elementsEqual("HTTP/1.1".utf8) || parts[2].elementsEqual("HTTP/1.0".utf8)
        else { return .invalid }
        let target = String(decoding: parts[1], as: UTF8.self)
        let mark = target.firstIndex(of: "?")
        return .complete(
            RequestHead(
                method: String(decoding: parts[0], as: UTF8.self),
                path: String(target[..<(mark ?? target.endIndex)]),
                query: mark.map { String(target[target.index(after: $0)...]) }))
    }

    /// The number of bytes up to and including the blank line that ends the
    /// head (`\r\n\r\n`, or a bare `\n\n`); `nil` when it has not come.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
                    return index + 3
                }
            }
            index += 1
        }
        return nil
    }
}
