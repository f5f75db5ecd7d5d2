import SessionSupport
import SessionSystem

extension SessionFileFormat {
    /// The file as ``encode(_:)`` lays it out, read by its lines: the
    /// header's three, a line for each session, and `]}`. Each session's
    /// members before its credential are matched exactly as they are
    /// written; the credential is found by the line's end and left unread,
    /// checked when it is used (``SessionLine/credential()``) or written.
    /// A hundred sessions cost a start a little more than one.
    ///
    /// `nil` when the file is laid out any other way (edited by hand,
    /// reformatted): the general reader then reads it, and says what is
    /// wrong with it. For a file both read, they read the same sessions.
    static func sessionsByLine(_ bytes: [UInt8], path: String) throws -> SessionSet? {
        let read: (lines: [SessionFileFormat.SessionLine], defaultKey: SessionKey?)? =
            bytes.withUnsafeBufferPointer { buffer in
                var reader = LineReader(buffer: buffer, bytes: bytes, path: path)
                return reader.read()
            }
        guard let read else { return nil }
        return try assemble(read.lines, defaultKey: read.defaultKey, path: path)
    }
}

/// Reads a session file line by line, `nil` at the first byte that is not as ``SessionFileFormat/encode(_:)`` writes it.
private struct LineReader {
    let buffer: UnsafeBufferPointer<UInt8>
    /// The same bytes, for the slices lines keep.
    let bytes: [UInt8]
    let path: String
    var start = 0

    mutating func read() -> (lines: [SessionFileFormat.SessionLine], defaultKey: SessionKey?)? {
        guard let first = line(), Matcher(buffer, first).isExactly(#"{"version":3,"#),
            let defaultLine = line(), let list = line(), Matcher(buffer, list).isExactly(#""sessions":["#)
        else { return nil }
        var header = Matcher(buffer, defaultLine)
        let defaultKey: SessionKey?
        guard header.literal(#""default":"#) else { return nil }
        if header.literal("null") {
            defaultKey = nil
        } else {
            guard header.literal(#"{"account":"#), let account = header.stringOrNull(),
                header.literal(#","server":"#), let server = header.stringOrNull(), header.literal("}")
            else { return nil }
            defaultKey = SessionKey(origin: server, account: account)
        }
        guard header.literal(","), header.atEnd else { return nil }
        var lines: [SessionFileFormat.SessionLine] = []
        var current = line()
        while let session = current, !Matcher(buffer, session).isExactly("]}") {
            current = line()
            guard let next = current else { return nil }
            // A comma after each session but the last.
            var range = session
            if !Matcher(buffer, next).isExactly("]}") {
                guard range.count > 1, buffer[range.upperBound - 1] == UInt8(ascii: ",") else { return nil }
                range = range.lowerBound..<(range.upperBound - 1)
            }
            guard let parsed = sessionLine(range, number: lines.count) else { return nil }
            lines.append(parsed)
        }
        guard current != nil, line() == nil else { return nil }
        return (lines, defaultKey)
    }

    /// `{"account":…,"server":…,"usedAt":…,"expiresAt":…,"refreshable":…,"credential":{…}}`.
    func sessionLine(_ range: Range<Int>, number: Int) -> SessionFileFormat.SessionLine? {
        var line = Matcher(buffer, range)
        guard line.literal(#"{"account":"#), let account = line.stringOrNull(), line.literal(#","server":"#),
            let server = line.stringOrNull(), line.literal(#","usedAt":"#), let usedAt = line.date(),
            line.literal(#","expiresAt":"#), let expiresAt = line.dateOrNull(),
            line.literal(#","refreshable":"#),
            let refreshable = line.bool(), line.literal(#","credential":"#),
            range.upperBound - line.index >= 3, buffer[line.index] == UInt8(ascii: "{"),
            buffer[range.upperBound - 2] == UInt8(ascii: "}"),
            buffer[range.upperBound - 1] == UInt8(ascii: "}")
        else { return nil }
        return SessionFileFormat.SessionLine(
            key: SessionKey(origin: server, account: account), usedAt: usedAt,
            summary: SessionSet.Summary(expiresAt: expiresAt, canRefresh: refreshable),
            credential: bytes[line.index..<(range.upperBound - 1)], checked: false, number: number, path: path
        )
    }

    /// The next line, without its line feed; a final line feed ends the last line.
    mutating func line() -> Range<Int>? {
        guard start < buffer.count, let base = buffer.baseAddress else { return nil }
        let end = Memory.firstIndex(of: 0x0A, in: base, from: start, to: buffer.count) ?? buffer.count
        defer { start = end + 1 }
        return start..<end
    }
}

/// The bytes of one line, matched from the left against what the writer writes.
private struct Matcher {
    let buffer: UnsafeBufferPointer<UInt8>
    var index: Int
    let end: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.buffer = buffer
        index = range.lowerBound
        end = range.upperBound
    }

    var atEnd: Bool { index == end }

    /// Whether the line is exactly `text`.
    func isExactly(_ text: StaticString) -> Bool {
        var copy = self
        return copy.literal(text) && copy.atEnd
    }

    /// Moves past `text` when the bytes are it.
    mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard end - index >= count, let base = buffer.baseAddress,
            Memory.equal(base + index, text.utf8Start, count: count)
        else { return false }
        index += count
        return true
    }

    mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// A string's text, or `.some(nil)` for `null`.
    mutating func stringOrNull() -> String?? {
        if literal("null") { return .some(nil) }
        return string().map { .some($0) }
    }

    /// A JSON string's text: its bytes when they are plain ASCII, else as
    /// ``JSONValue`` reads it; `nil` for a control character or no closing quote.
    mutating func string() -> String? {
        guard let (inner, plain) = stringBytes() else { return nil }
        if plain { return String(decoding: inner, as: UTF8.self) }
        let quoted = UnsafeBufferPointer(rebasing: buffer[(index - inner.count - 2)..<index])
        guard case .string(let text)? = try? JSONValue.parse(quoted) else { return nil }
        return text
    }

    /// A date written plain, at whole seconds or not.
    mutating func date() -> Date? {
        guard let (inner, plain) = stringBytes(), plain else { return nil }
        return ISO8601.date(from: inner)
    }

    mutating func dateOrNull() -> Date?? {
        if literal("null") { return .some(nil) }
        return date().map { .some($0) }
    }

    /// The bytes between a string's quotes, and whether they are its text
    /// (ASCII without escapes); `nil` when there is no string here.
    private mutating func stringBytes() -> (UnsafeBufferPointer<UInt8>, plain: Bool)? {
        guard index < end, buffer[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var plain = true
        var at = start
        while at < end {
            let byte = buffer[at]
            if byte == UInt8(ascii: "\"") {
                index = at + 1
                return (UnsafeBufferPointer(rebasing: buffer[start..<at]), plain)
            }
            if byte == UInt8(ascii: "\\") {
                plain = false
                at += 2
                continue
            }
            guard byte >= 0x20 else { return nil }
            if byte >= 0x80 { plain = false }
            at += 1
        }
        return nil
    }
}
