/// A JSON document checked and mapped in one pass, its values left as
/// bytes: where each object, member, element and string starts and ends,
/// in one array, and nothing made into strings and objects until a reader
/// asks for it.
///
/// The session file holds up to a thousand sessions and a command uses
/// one: the tool skims the file, reads each session's key, and decodes
/// only the session it uses. A hundred sessions cost a start about what
/// their bytes cost to scan, not a hundred decodings.
///
/// ```swift
/// let document = try JSONSkim(bytes)
/// let version = document.root.member("version")       // a value: its bytes, its kind
/// for session in document.root.member("sessions")?.elements ?? [] { … }
/// ```
///
/// As strict about the shape as ``JSONValue``: brackets, commas, literals,
/// string escapes, no raw control character, no name given twice in an
/// object. What a string says (its UTF-8, its `\u` escapes) and what a
/// number is are checked when ``Value/string()`` or ``JSONValue`` reads them.
package final class JSONSkim: Sendable {
    /// The document's bytes.
    package let bytes: [UInt8]
    /// One node for each value and member name, in document order: a
    /// container's node is followed by its contents' nodes (an object's as
    /// name, value, name, value).
    private let nodes: [Node]

    private struct Node {
        var start: Int
        var end: Int
        /// The index of the node after this one's contents.
        var next: Int
        var kind: Kind
        /// Whether a string has a backslash: its bytes are not its text.
        var escaped = false
        /// Whether a string is ASCII without escapes: its bytes are its text.
        var plain = false
        /// Whether a container's contents have nodes (it is within the depth mapped).
        var split = true
    }

    /// What a value is, by its first byte.
    package enum Kind: Sendable {
        case object, array, string, scalar
    }

    /// Checks and maps `bytes`, one JSON value with optional white space
    /// around it, `depth` levels of objects and arrays down (1: the
    /// outermost one's members or elements). Deeper containers are checked
    /// and left whole, a name given twice in one of them found when it is
    /// mapped (``Value/mapped()``).
    ///
    /// - Throws: ``JSONValue/SyntaxError`` for anything that is not one
    ///   well-formed value, a name given twice in a mapped object included.
    package init(_ bytes: [UInt8], depth: Int = .max) throws(JSONValue.SyntaxError) {
        var nodes: [Node] = []
        // A session file has about one node per 24 bytes.
        nodes.reserveCapacity(bytes.count / 16 + 4)
        let result: Result<Void, JSONValue.SyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(buffer: buffer)
            do throws(JSONValue.SyntaxError) {
                scanner.skipWhitespace()
                try scanner.value(nesting: 0, splitting: depth, into: &nodes)
                scanner.skipWhitespace()
                guard scanner.index == buffer.count else { throw JSONValue.SyntaxError() }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
        self.bytes = bytes
        self.nodes = nodes
    }

    /// The document's value.
    package var root: Value { Value(document: self, index: 0) }

    /// One value of the document.
    package struct Value: Sendable {
        let document: JSONSkim
        let index: Int

        private var node: Node { document.nodes[index] }

        /// What it is.
        package var kind: Kind { node.kind }

        /// Its bytes, from its first to its last.
        package var bytes: ArraySlice<UInt8> { document.bytes[node.start..<node.end] }

        /// Whether it is `null`.
        package var isNull: Bool {
            let node = node
            return node.kind == .scalar && node.end - node.start == 4
                && document.bytes[node.start] == UInt8(ascii: "n")
        }

        /// The value itself, with its contents mapped: itself when they are,
        /// else its bytes skimmed again as a document of their own.
        ///
        /// - Throws: ``JSONValue/SyntaxError`` for a name given twice in it.
        package func mapped(depth: Int = .max) throws(JSONValue.SyntaxError) -> Value {
            guard !node.split else { return self }
            return try JSONSkim(Array(bytes), depth: depth).root
        }

        /// The value of the member named `name`, when this is a mapped
        /// object that has one (``mapped()``).
        package func member(_ name: String) -> Value? {
            guard node.kind == .object else { return nil }
            var name = name
            let found: Int? = name.withUTF8 { wanted in
                document.bytes.withUnsafeBufferPointer { all in
                    var child = index + 1
                    let end = node.next
                    while child < end {
                        if document.name(at: child, is: wanted, in: all) { return child + 1 }
                        child = document.nodes[child + 1].next
                    }
                    return nil
                }
            }
            return found.map { Value(document: document, index: $0) }
        }

        /// The elements, when this is a mapped array; `nil` otherwise.
        package var elements: [Value]? {
            guard node.kind == .array else { return nil }
            var elements: [Value] = []
            var child = index + 1
            while child < node.next {
                elements.append(Value(document: document, index: child))
                child = document.nodes[child].next
            }
            return elements
        }

        /// `body` given the bytes of a string value that are its text (ASCII
        /// without escapes); `nil` for any other value.
        package func withPlainText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
            let node = node
            guard node.kind == .string, node.plain else { return nil }
            return document.bytes.withUnsafeBufferPointer { all in
                body(UnsafeBufferPointer(rebasing: all[(node.start + 1)..<(node.end - 1)]))
            }
        }

        /// The text of a string value; `nil` for any other value.
        ///
        /// - Throws: ``JSONValue/SyntaxError`` when its escapes or UTF-8 are not valid.
        package func string() throws(JSONValue.SyntaxError) -> String? {
            let node = node
            guard node.kind == .string else { return nil }
            guard node.plain else { return try JSONSkim.text(ofString: bytes) }
            return document.bytes.withUnsafeBufferPointer { all in
                String(
                    decoding: UnsafeBufferPointer(rebasing: all[(node.start + 1)..<(node.end - 1)]),
                    as: UTF8.self)
            }
        }
    }

    /// Whether the name node at `index` is `wanted`, `all` being the document's bytes.
    private func name(
        at index: Int, is wanted: UnsafeBufferPointer<UInt8>, in all: UnsafeBufferPointer<UInt8>
    )
        -> Bool
    {
        let node = nodes[index]
        guard node.escaped else {
            return Self.equal(UnsafeBufferPointer(rebasing: all[(node.start + 1)..<(node.end - 1)]), wanted)
        }
        // A name with escapes is compared by what it says.
        return (try? JSONSkim.text(ofString: bytes[node.start..<node.end]))
            == String(decoding: wanted, as: UTF8.self)
    }

    /// Whether two runs of bytes are the same.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        // Names are a few bytes long: a loop, not memcmp (SessionSupport imports no C library).
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    /// A string's text from its bytes, quotes included: as it is written
    /// when it is plain ASCII, else as ``JSONValue`` reads it.
    static func text(ofString bytes: ArraySlice<UInt8>) throws(JSONValue.SyntaxError) -> String {
        guard bytes.allSatisfy({ $0 != UInt8(ascii: "\\") && $0 < 0x80 }) else {
            guard case .string(let text) = try JSONValue.parse(bytes) else { throw JSONValue.SyntaxError() }
            return text
        }
        return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
    }

    /// One pass over the bytes, checking their shape and adding the nodes.
    private struct Scanner {
        let buffer: UnsafeBufferPointer<UInt8>
        var index = 0

        init(buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        /// One value and its node; its contents' nodes too while `splitting` is above 0.
        mutating func value(nesting: Int, splitting: Int, into nodes: inout [Node])
            throws(JSONValue.SyntaxError)
        {
            guard nesting < 64, index < buffer.count else { throw JSONValue.SyntaxError() }
            let at = nodes.count
            let start = index
            nodes.append(Node(start: start, end: start, next: at + 1, kind: .scalar))
            switch buffer[index] {
            case UInt8(ascii: "{") where splitting > 0:
                nodes[at].kind = .object
                try object(nesting: nesting + 1, splitting: splitting - 1, into: &nodes)
            case UInt8(ascii: "[") where splitting > 0:
                nodes[at].kind = .array
                try array(nesting: nesting + 1, splitting: splitting - 1, into: &nodes)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                nodes[at].kind = buffer[index] == UInt8(ascii: "{") ? .object : .array
                nodes[at].split = false
                try skip(nesting: nesting)
            case UInt8(ascii: "\""):
                nodes[at].kind = .string
                (nodes[at].escaped, nodes[at].plain) = try string()
            default:
                try scalar()
            }
            nodes[at].end = index
            nodes[at].next = nodes.count
        }

        mutating func object(nesting: Int, splitting: Int, into nodes: inout [Node]) throws(JSONValue
            .SyntaxError)
        {
            index += 1
            let first = nodes.count
            var anyEscaped = false
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                skipWhitespace()
                let name = nodes.count
                let start = index
                let escaped = try string().escaped
                anyEscaped = anyEscaped || escaped
                nodes.append(Node(start: start, end: index, next: name + 1, kind: .string, escaped: escaped))
                try checkUnique(name: name, since: first, in: nodes, byText: anyEscaped)
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { throw JSONValue.SyntaxError() }
                skipWhitespace()
                try value(nesting: nesting, splitting: splitting, into: &nodes)
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { throw JSONValue.SyntaxError() }
        }

        /// Refuses the name at `name` when an earlier member of the same
        /// object (its nodes from `first`) has it; compared `byText` when
        /// a name of the object has escapes, else byte for byte.
        func checkUnique(name: Int, since first: Int, in nodes: [Node], byText: Bool) throws(JSONValue
            .SyntaxError)
        {
            let named = nodes[name]
            let new = UnsafeBufferPointer(rebasing: buffer[named.start..<named.end])
            var earlier = first
            while earlier < name {
                let other = nodes[earlier]
                // Most names differ in length or in their first letter; only the rest compare bytes.
                if byText || other.end - other.start == new.count && buffer[other.start + 1] == new[1] {
                    let old = UnsafeBufferPointer(rebasing: buffer[other.start..<other.end])
                    if byText ? Self.text(old) == Self.text(new) : JSONSkim.equal(old, new) {
                        throw JSONValue.SyntaxError(duplicateName: Self.text(new) ?? "")
                    }
                }
                earlier = nodes[earlier + 1].next
            }
        }

        private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
            try? JSONSkim.text(ofString: ArraySlice(bytes))
        }

        mutating func array(nesting: Int, splitting: Int, into nodes: inout [Node]) throws(JSONValue
            .SyntaxError)
        {
            index += 1
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return }
            repeat {
                skipWhitespace()
                try value(nesting: nesting, splitting: splitting, into: &nodes)
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { throw JSONValue.SyntaxError() }
        }

        /// One value checked and crossed, no node made: what lies deeper than the depth mapped.
        mutating func skip(nesting: Int) throws(JSONValue.SyntaxError) {
            guard nesting < 64, index < buffer.count else { throw JSONValue.SyntaxError() }
            switch buffer[index] {
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if consume(UInt8(ascii: "}")) { return }
                repeat {
                    skipWhitespace()
                    try string()
                    skipWhitespace()
                    guard consume(UInt8(ascii: ":")) else { throw JSONValue.SyntaxError() }
                    skipWhitespace()
                    try skip(nesting: nesting + 1)
                    skipWhitespace()
                } while consume(UInt8(ascii: ","))
                guard consume(UInt8(ascii: "}")) else { throw JSONValue.SyntaxError() }
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if consume(UInt8(ascii: "]")) { return }
                repeat {
                    skipWhitespace()
                    try skip(nesting: nesting + 1)
                    skipWhitespace()
                } while consume(UInt8(ascii: ","))
                guard consume(UInt8(ascii: "]")) else { throw JSONValue.SyntaxError() }
            case UInt8(ascii: "\""):
                try string()
            default:
                try scalar()
            }
        }

        /// A string: escapes are two bytes (a `\u`'s four hex digits are
        /// checked when it is read), no control character raw. Plain runs
        /// are crossed eight bytes at a time. Says whether it had an escape,
        /// and whether it is plain: ASCII without escapes.
        @discardableResult
        mutating func string() throws(JSONValue.SyntaxError) -> (escaped: Bool, plain: Bool) {
            guard consume(UInt8(ascii: "\"")) else { throw JSONValue.SyntaxError() }
            var escaped = false
            var high: UInt64 = 0
            // A string's opening quote is here, so the buffer has an address.
            guard let address = buffer.baseAddress else { throw JSONValue.SyntaxError() }
            let base = UnsafeRawPointer(address)
            while true {
                // To the first byte that is a quote, a backslash or a control character.
                while index + 8 <= buffer.count {
                    let word = UInt64(
                        littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    let stops = Self.stops(in: word)
                    if stops != 0 {
                        // The bytes before the stop count toward "ASCII".
                        high |= word & (stops & (0 &- stops) &- 1)
                        index += stops.trailingZeroBitCount >> 3
                        break
                    }
                    high |= word
                    index += 8
                }
                guard index < buffer.count else { throw JSONValue.SyntaxError() }
                let byte = buffer[index]
                index += 1
                high |= UInt64(byte)
                if byte == UInt8(ascii: "\"") {
                    return (escaped, !escaped && high & 0x8080_8080_8080_8080 == 0)
                }
                if byte == UInt8(ascii: "\\") {
                    guard index < buffer.count else { throw JSONValue.SyntaxError() }
                    index += 1
                    escaped = true
                } else if byte < 0x20 {
                    throw JSONValue.SyntaxError()
                }
            }
        }

        /// The eight bytes of `word` (the first in memory lowest) that
        /// are a quote, a backslash or a control character, as their high
        /// bits. The lowest one is exact; above it a borrow may mark others,
        /// which only costs a byte-by-byte step.
        @inline(__always)
        static func stops(in word: UInt64) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func zeros(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
            return zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C))
                | (word &- ones &* 0x20) & ~word & highs
        }

        /// `true`, `false`, `null` or a number, by the characters they can have.
        mutating func scalar() throws(JSONValue.SyntaxError) {
            let start = index
            scan: while index < buffer.count {
                switch buffer[index] {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "E"):
                    index += 1
                default: break scan
                }
            }
            let word = UnsafeBufferPointer(rebasing: buffer[start..<index])
            guard let first = word.first else { throw JSONValue.SyntaxError() }
            if first >= UInt8(ascii: "a") {
                var literal = false
                for text in ["true", "false", "null"] where !literal {
                    var text = text
                    literal = text.withUTF8 { JSONSkim.equal(word, $0) }
                }
                guard literal else { throw JSONValue.SyntaxError() }
            }
        }

        mutating func skipWhitespace() {
            while index < buffer.count {
                switch buffer[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard index < buffer.count, buffer[index] == byte else { return false }
            index += 1
            return true
        }
    }
}
