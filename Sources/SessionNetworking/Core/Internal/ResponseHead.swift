import SessionCore

/// An HTTP answer's head, read a line at a time as libcurl hands the lines
/// over (each with its line end): the status line, then the fields. A new
/// status line starts a new head, so a `100 Continue` before the answer is
/// forgotten. Everything here came from the server: it is bounded
/// (``SessionLimits/responseHeadSize``, ``SessionLimits/responseHeaderCount``)
/// and checked (a line with a NUL, or a CR or LF before its end, is refused).
package struct ResponseHead: Sendable {
    /// Why a head was refused.
    package enum Failure: Error, Equatable {
        case tooLarge
        case notHTTP
    }

    /// The status code, 100 to 999; 0 until a status line arrived.
    package private(set) var statusCode = 0
    /// The status line's version: `HTTP/1.1`, `HTTP/2`.
    package private(set) var httpVersion: String?
    /// The status line's words after the code, as sent (terminal-unsafe
    /// bytes are the reader's to escape); empty when there are none.
    package private(set) var reasonPhrase = ""
    /// The fields in the order they came, each name and value without the
    /// white space around it.
    package private(set) var fields: [(name: String, value: String)] = []
    private var size = 0

    package init() {}

    /// Takes one line of the head.
    package mutating func take(_ line: some Collection<UInt8>) throws(Failure) {
        size += line.count
        guard size <= SessionLimits.responseHeadSize, fields.count < SessionLimits.responseHeaderCount else {
            throw .tooLarge
        }
        var bytes = Array(line)
        if bytes.last == 0x0A { bytes.removeLast() }
        if bytes.last == 0x0D { bytes.removeLast() }
        guard !bytes.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) else { throw .notHTTP }
        if bytes.starts(with: Array("HTTP/".utf8)) {
            let parts = bytes.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: true)
            guard parts.count >= 2, parts[1].count == 3, parts[1].allSatisfy({ (0x30...0x39).contains($0) }),
                let code = Int(String(decoding: parts[1], as: UTF8.self)), (100...999).contains(code)
            else { throw .notHTTP }
            statusCode = code
            httpVersion = String(decoding: parts[0], as: UTF8.self)
            reasonPhrase = parts.count > 2 ? Self.trimmed(parts[2]) : ""
            fields = []
            return
        }
        // The blank line that ends the head, and obsolete folded lines, carry no field.
        guard statusCode > 0, let first = bytes.first, first != 0x20 && first != 0x09,
            let colon = bytes.firstIndex(of: 0x3A)
        else { return }
        let name = Self.trimmed(bytes[..<colon])
        guard !name.isEmpty else { return }
        fields.append((name, Self.trimmed(bytes[(colon + 1)...])))
    }

    /// `bytes` without the spaces and tabs around them, as text (invalid UTF-8 repaired).
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
