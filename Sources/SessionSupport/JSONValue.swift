#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A parsed JSON document (RFC 8259), for reading the session file.
///
/// The session file is read at every start of the command-line tool, and
/// `JSONDecoder`'s first use costs about 2.5M instructions of generic-metadata
/// instantiation there (measured with callgrind): more than this whole parse.
/// Writing is ``JSONOutput``'s; the round-trip tests and the fuzz targets keep the two in step.
package enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    package struct SyntaxError: Error {}

    /// Parses a whole document: one value, optional white space around it, nothing else.
    package static func parse(_ bytes: some Collection<UInt8>) throws(SyntaxError) -> JSONValue {
        var parser = Parser(bytes: Array(bytes))
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw SyntaxError() }
        return value
    }
}

private struct Parser {
    let bytes: [UInt8]
    var index = 0
    /// Deeper nesting is refused rather than allowed to exhaust the stack.
    static let maximumDepth = 64

    mutating func value(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw .init() }
        skipWhitespace()
        guard index < bytes.count else { throw .init() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: return .number(try number())
        }
    }

    private mutating func object(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .init() }
            let key = try string()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw .init() }
            members[key] = try value(depth: depth + 1)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw .init() }
        return .object(members)
    }

    private mutating func array(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw .init() }
        return .array(elements)
    }

    /// A string, read in one pass: its UTF-8 bytes, escapes decoded into
    /// them, go into one buffer that becomes a `String` once, at the closing
    /// quote. (Appending each escape to a growing string copied everything
    /// before it: half a million `\n` took 15 s.)
    private mutating func string() throws(JSONValue.SyntaxError) -> String {
        index += 1
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                // Decoding repairs bad UTF-8 with U+FFFD; a repaired string differs from its bytes.
                let text = String(decoding: utf8, as: UTF8.self)
                guard text.utf8.elementsEqual(utf8) else { throw .init() }
                return text
            case UInt8(ascii: "\\"):
                UTF8.encode(try escape()) { utf8.append($0) }
            case 0x00...0x1F:
                throw .init()  // control characters must be escaped
            default:
                utf8.append(byte)
            }
        }
        throw .init()
    }

    private mutating func escape() throws(JSONValue.SyntaxError) -> Unicode.Scalar {
        guard index < bytes.count else { throw .init() }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad()
            guard (0xD800...0xDBFF).contains(first) else {
                guard let scalar = Unicode.Scalar(first) else { throw .init() }
                return scalar
            }
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw .init() }
            let second = try hexQuad()
            guard (0xDC00...0xDFFF).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else { throw .init() }
            return scalar
        default: throw .init()
        }
    }

    private mutating func hexQuad() throws(JSONValue.SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .init() }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Self.hexDigit(byte) else { throw .init() }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(JSONValue.SyntaxError) -> Double {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
        } else {
            guard digits() > 0 else { throw .init() }
        }
        if consume(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw .init() }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            guard digits() > 0 else { throw .init() }
        }
        // Only ASCII digits and signs were consumed.
        // A number too large for a Double would read as infinity, which JSON has no room for.
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw .init()
        }
        return value
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index - start
    }

    private mutating func literal(_ word: StaticString) throws(JSONValue.SyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count,
            bytes[index..<index + expected.count].elementsEqual(expected)
        else { throw .init() }
        index += expected.count
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Moves past `byte` if it is next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}
