#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A parsed JSON document (RFC 8259): the session file, and every answer a
/// provider sends.
///
/// Written by hand rather than with `JSONDecoder`, whose first use costs
/// about 2.5M instructions of generic-metadata instantiation (callgrind):
/// more than the command-line tool's whole `status`. It reads each byte
/// once, copies a string's bytes once (a string without escapes or
/// non-ASCII bytes straight from the input), and keeps an object's members
/// in order in an array: the objects it reads have a few dozen members at
/// most, where a scan beats hashing. Writing is ``JSONOutput``'s; the
/// round-trip tests and the fuzz targets keep the two in step.
///
/// Stricter than RFC 8259 requires, where leniency would let two readers
/// see two documents: a name given twice in one object is an error (I-JSON,
/// RFC 7493 §2.3), as are invalid UTF-8, lone surrogates, and numbers a
/// `Double` cannot hold.
package enum JSONValue: Equatable, Sendable {
    case object(JSONObject)
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Why a text is not a document this reader takes.
    package struct SyntaxError: Error {
        /// The name an object gave twice, when that was the fault.
        package var duplicateName: String?

        init(duplicateName: String? = nil) {
            self.duplicateName = duplicateName
        }
    }

    /// Parses a whole document: one value, optional white space around it, nothing else.
    package static func parse(_ bytes: some Collection<UInt8>) throws(SyntaxError) -> JSONValue {
        var work = 0
        return try parse(bytes, work: &work)
    }

    /// Parses a whole document, and adds to `work` the steps the reader
    /// took: each byte examined, each byte copied into a value, each value
    /// made. Every step costs a bounded time, so the count is the reader's
    /// time without a clock: linear input size in, linear work out, on any
    /// machine under any load.
    package static func parse(_ bytes: some Collection<UInt8>, work: inout Int) throws(SyntaxError)
        -> JSONValue
    {
        let contiguous = Array(bytes)
        let result: Result<JSONValue, SyntaxError> = contiguous.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer)
            defer { work += parser.work + parser.index }
            do throws(SyntaxError) {
                let value = try parser.value(depth: 0)
                parser.skipWhitespace()
                guard parser.index == buffer.count else { return .failure(SyntaxError()) }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// A JSON object's members, in the order they were written, each name once.
package struct JSONObject: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    package typealias Element = (key: String, value: JSONValue)

    private var members: [Element]

    /// An object with `members`, whose names must differ.
    package init(_ members: [Element] = []) {
        self.members = members
    }

    /// An object written as a literal, for tests.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }

    /// The value of member `key`, if there is one.
    package subscript(key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The member names, in order.
    package var keys: [String] { members.map(\.key) }

    /// How many members there are.
    package var count: Int { members.count }

    package func makeIterator() -> IndexingIterator<[Element]> { members.makeIterator() }

    /// Equal when both have the same names with equal values, in any order.
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }
}

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Steps beyond the bytes examined: bytes copied, values made.
    var work = 0
    /// Deeper nesting is refused rather than allowed to exhaust the stack.
    static let maximumDepth = 64

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func value(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw .init() }
        skipWhitespace()
        guard index < bytes.count else { throw .init() }
        work += 1
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
        var members: [JSONObject.Element] = []
        // Names seen, once an object is large enough that a scan per name would cost more.
        var names: Set<String>?
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(JSONObject(members)) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .init() }
            let key = try string()
            // A name given twice: which value counts would depend on the reader.
            if members.count < 16 {
                work += members.count
                guard !members.contains(where: { $0.key == key }) else { throw .init(duplicateName: key) }
            } else {
                if names == nil { names = Set(members.map(\.key)) }
                work += 1
                guard names?.insert(key).inserted == true else { throw .init(duplicateName: key) }
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw .init() }
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw .init() }
        return .object(JSONObject(members))
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

    /// A string, read in one pass. Without escapes and non-ASCII bytes (the
    /// common case: tokens, URLs, names) its bytes become a `String` in one
    /// copy; otherwise they and the decoded escapes go into one buffer that
    /// becomes a `String` once, at the closing quote. (Appending each escape
    /// to a growing string copied everything before it: half a million `\n`
    /// took 15 s.)
    private mutating func string() throws(JSONValue.SyntaxError) -> String {
        index += 1
        let start = index
        var plainASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw .init() }  // control characters must be escaped
            if byte >= 0x80 { plainASCII = false }
            index += 1
        }
        guard index < bytes.count else { throw .init() }
        let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
        work += run.count
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return plainASCII ? String(decoding: run, as: UTF8.self) : try validated(Array(run))
        }
        var utf8 = Array(run)
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            work += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try validated(utf8)
            case UInt8(ascii: "\\"):
                UTF8.encode(try escape()) { utf8.append($0) }
            case 0x00...0x1F:
                throw .init()
            default:
                utf8.append(byte)
            }
        }
        throw .init()
    }

    /// `utf8` as a string, if it is valid UTF-8: decoding repairs bad bytes
    /// with U+FFFD, and a repaired string differs from its bytes.
    private mutating func validated(_ utf8: [UInt8]) throws(JSONValue.SyntaxError) -> String {
        let text = String(decoding: utf8, as: UTF8.self)
        work += utf8.count
        guard text.utf8.elementsEqual(utf8) else { throw .init() }
        return text
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
        let negative = consume(UInt8(ascii: "-"))
        let integerStart = index
        if consume(UInt8(ascii: "0")) {
        } else {
            guard digits() > 0 else { throw .init() }
        }
        let integerDigits = index - integerStart
        var whole = true
        if consume(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw .init() }
            whole = false
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            guard digits() > 0 else { throw .init() }
            whole = false
        }
        work += index - start
        // A whole number of up to 15 digits is exact in a Double: no text, no conversion.
        if whole && integerDigits <= 15 {
            var value: Int64 = 0
            for byte in bytes[integerStart..<index] { value = value * 10 + Int64(byte - UInt8(ascii: "0")) }
            return negative ? -Double(value) : Double(value)
        }
        // Only ASCII digits and signs were consumed. A number too large for a
        // Double would read as infinity, which JSON has no room for.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw .init() }
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
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Moves past `byte` if it is next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}
