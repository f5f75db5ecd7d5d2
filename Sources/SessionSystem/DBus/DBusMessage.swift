/// One D-Bus message (D-Bus Specification, "Message Protocol"): its header
/// fields and its body, written little-endian and read in either byte order.
///
/// What the bus sends is untrusted: a message is read only after its length
/// is checked against ``limit``, every length inside it against what is left,
/// nesting against the specification's bounds, strings as UTF-8 without NUL,
/// booleans as 0 or 1, padding as zeros, and the body against its signature
/// to the last byte.
///
/// ```swift
/// let hello = DBusMessage.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
///                              interface: "org.freedesktop.DBus", member: "Hello")
/// let bytes = try hello.encoded(serial: 1)
/// let again = try DBusMessage.decode(bytes)
/// ```
package struct DBusMessage: Equatable, Sendable {
    package enum Kind: UInt8, Sendable {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    package var kind: Kind
    package var flags: UInt8 = 0
    package var serial: UInt32 = 0
    package var path: String?
    package var interface: String?
    package var member: String?
    package var errorName: String?
    package var replySerial: UInt32?
    package var destination: String?
    package var sender: String?
    package var body: [DBusValue] = []

    /// The most this client reads in one message: the Secret Service's are
    /// under 1 KiB; the protocol allows 128 MiB, which a client has no reason to hold.
    package static let limit = SystemLimits.dbusMessageSize

    /// A method call.
    package static func call(
        destination: String, path: String, interface: String, member: String, body: [DBusValue] = []
    ) -> DBusMessage {
        DBusMessage(
            kind: .methodCall, path: path, interface: interface, member: member, destination: destination,
            body: body)
    }

    /// Why bytes are not a message this client reads.
    package struct Malformed: Error, Sendable, Equatable {
        package let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    // MARK: Writing

    /// The message's bytes, little-endian, with `serial`.
    package func encoded(serial: UInt32) throws(Malformed) -> [UInt8] {
        var body = Writer()
        for value in self.body { try body.write(value, nesting: 0) }
        var fields: [DBusValue] = []
        func field(_ code: UInt8, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(code), .variant(value)])) }
        }
        field(1, path.map { .objectPath($0) })
        field(2, interface.map { .string($0) })
        field(3, member.map { .string($0) })
        field(4, errorName.map { .string($0) })
        field(5, replySerial.map { .uint32($0) })
        field(6, destination.map { .string($0) })
        field(8, self.body.isEmpty ? nil : .signature(self.body.map(\.signature).joined()))
        var message = Writer()
        message.bytes = [UInt8(ascii: "l"), kind.rawValue, flags, 1]
        message.put(UInt32(body.bytes.count))
        message.put(serial)
        try message.write(.array(element: "(yv)", fields), nesting: 0)
        message.align(8)
        message.bytes += body.bytes
        return message.bytes
    }

    // MARK: Reading

    /// How many bytes the message that starts with these 16 takes in all.
    ///
    /// - Throws: ``Malformed`` for a header that cannot start a message, or
    ///   one longer than ``limit``.
    package static func length(ofMessageStartingWith header: ArraySlice<UInt8>) throws(Malformed) -> Int {
        guard header.count >= 16 else { throw Malformed("a header is 16 bytes") }
        let little: Bool
        switch header[header.startIndex] {
        case UInt8(ascii: "l"): little = true
        case UInt8(ascii: "B"): little = false
        default: throw Malformed("unknown byte order")
        }
        guard header[header.startIndex + 3] == 1 else { throw Malformed("protocol version is not 1") }
        func u32(_ offset: Int) -> Int {
            let bytes = (0..<4).map { Int(header[header.startIndex + offset + $0]) }
            return little
                ? bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24
                : bytes[3] | bytes[2] << 8 | bytes[1] << 16 | bytes[0] << 24
        }
        let body = u32(4)
        let fields = u32(12)
        guard body <= limit, fields <= limit else { throw Malformed("longer than \(limit) bytes") }
        let total = (16 + fields + 7) / 8 * 8 + body
        guard total <= limit else { throw Malformed("longer than \(limit) bytes") }
        return total
    }

    /// Reads one whole message.
    package static func decode(_ bytes: [UInt8]) throws(Malformed) -> DBusMessage {
        let total = try length(ofMessageStartingWith: bytes[...])
        guard bytes.count == total else { throw Malformed("the length does not match the header") }
        var reader = Reader(bytes: bytes, little: bytes[0] == UInt8(ascii: "l"))
        reader.offset = 1
        guard let kind = Kind(rawValue: try reader.byte()) else { throw Malformed("unknown message type") }
        var message = DBusMessage(kind: kind)
        message.flags = try reader.byte()
        _ = try reader.byte()
        let bodyLength = Int(try reader.uint32())
        message.serial = try reader.uint32()
        guard message.serial != 0 else { throw Malformed("serial 0") }
        guard case .array(_, let fields) = try reader.value("a(yv)", nesting: 0) else {
            throw Malformed("no header fields")
        }
        var signature = ""
        var seen = Set<UInt8>()
        for field in fields {
            guard case .structure(let parts) = field, parts.count == 2, case .byte(let code) = parts[0],
                case .variant(let value) = parts[1]
            else { throw Malformed("a header field is not (yv)") }
            guard seen.insert(code).inserted else { throw Malformed("header field \(code) twice") }
            switch (code, value) {
            case (1, .objectPath(let text)): message.path = text
            case (2, .string(let text)): message.interface = text
            case (3, .string(let text)): message.member = text
            case (4, .string(let text)): message.errorName = text
            case (5, .uint32(let number)): message.replySerial = number
            case (6, .string(let text)): message.destination = text
            case (7, .string(let text)): message.sender = text
            case (8, .signature(let text)): signature = text
            case (1...9, _): throw Malformed("header field \(code) has the wrong type")
            default: continue  // unknown fields are skipped
            }
        }
        try reader.skipPadding(to: 8)
        guard reader.bytes.count - reader.offset == bodyLength else { throw Malformed("the body's length") }
        for type in try DBusSignature.completeTypes(signature) {
            message.body.append(try reader.value(type, nesting: 0))
        }
        guard reader.offset == reader.bytes.count else { throw Malformed("bytes after the body") }
        switch kind {
        case .methodCall where message.path == nil || message.member == nil,
            .signal where message.path == nil || message.interface == nil || message.member == nil:
            throw Malformed("a call or signal without its path or member")
        case .error where message.errorName == nil || message.replySerial == nil,
            .methodReturn where message.replySerial == nil:
            throw Malformed("a reply without the serial it answers")
        default: break
        }
        return message
    }
}

/// Writes values little-endian, aligned to their offset from the message's start.
private struct Writer {
    var bytes: [UInt8] = []

    mutating func align(_ boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }

    mutating func put<Integer: FixedWidthInteger>(_ value: Integer) {
        align(MemoryLayout<Integer>.size)
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func write(_ value: DBusValue, nesting: Int) throws(DBusMessage.Malformed) {
        guard nesting < SystemLimits.nestingDepth else { throw DBusMessage.Malformed("nested too deep") }
        switch value {
        case .byte(let byte): bytes.append(byte)
        case .boolean(let flag): put(UInt32(flag ? 1 : 0))
        case .int16(let number): put(number)
        case .uint16(let number): put(number)
        case .int32(let number): put(number)
        case .uint32(let number): put(number)
        case .int64(let number): put(number)
        case .uint64(let number): put(number)
        case .double(let number): put(number.bitPattern)
        case .string(let text), .objectPath(let text):
            guard !text.utf8.contains(0) else { throw DBusMessage.Malformed("a string with a NUL") }
            put(UInt32(text.utf8.count))
            bytes += text.utf8
            bytes.append(0)
        case .signature(let text):
            guard text.utf8.count <= 255 else { throw DBusMessage.Malformed("a signature over 255 bytes") }
            bytes.append(UInt8(text.utf8.count))
            bytes += text.utf8
            bytes.append(0)
        case .array(let element, let values):
            put(UInt32(0))
            let lengthAt = bytes.count - 4
            align(DBusSignature.alignment(of: element))
            let start = bytes.count
            for value in values {
                guard value.signature == element else {
                    throw DBusMessage.Malformed("an array of mixed types")
                }
                try write(value, nesting: nesting + 1)
            }
            let length = UInt32(bytes.count - start).littleEndian
            withUnsafeBytes(of: length) { raw in
                for (index, byte) in raw.enumerated() { bytes[lengthAt + index] = byte }
            }
        case .dictEntry(let key, let value):
            align(8)
            try write(key, nesting: nesting + 1)
            try write(value, nesting: nesting + 1)
        case .structure(let fields):
            align(8)
            for field in fields { try write(field, nesting: nesting + 1) }
        case .variant(let inner):
            try write(.signature(inner.signature), nesting: nesting + 1)
            try write(inner, nesting: nesting + 1)
        }
    }
}

/// Reads values, checking each length against what is left.
private struct Reader {
    let bytes: [UInt8]
    let little: Bool
    var offset = 0

    mutating func align(_ boundary: Int) throws(DBusMessage.Malformed) {
        try skipPadding(to: boundary)
    }

    /// Moves to the next multiple of `boundary`; the bytes passed must be zero.
    mutating func skipPadding(to boundary: Int) throws(DBusMessage.Malformed) {
        while offset % boundary != 0 {
            guard offset < bytes.count else { throw DBusMessage.Malformed("cut short") }
            guard bytes[offset] == 0 else { throw DBusMessage.Malformed("padding that is not zero") }
            offset += 1
        }
    }

    mutating func take(_ count: Int) throws(DBusMessage.Malformed) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - offset >= count else { throw DBusMessage.Malformed("cut short") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func byte() throws(DBusMessage.Malformed) -> UInt8 {
        try take(1).first ?? 0
    }

    mutating func integer(_ size: Int) throws(DBusMessage.Malformed) -> UInt64 {
        try align(size)
        let raw = try take(size)
        let ordered = little ? Array(raw) : raw.reversed()
        return ordered.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    mutating func uint32() throws(DBusMessage.Malformed) -> UInt32 {
        UInt32(truncatingIfNeeded: try integer(4))
    }

    mutating func text(length: Int) throws(DBusMessage.Malformed) -> String {
        let raw = try take(length)
        guard try byte() == 0 else { throw DBusMessage.Malformed("a string without its NUL") }
        guard !raw.contains(0), let text = String(validating: raw, as: UTF8.self) else {
            throw DBusMessage.Malformed("a string that is not UTF-8 without NUL")
        }
        return text
    }

    /// One value of the complete type `type`.
    mutating func value(_ type: String, nesting: Int) throws(DBusMessage.Malformed) -> DBusValue {
        guard nesting < SystemLimits.nestingDepth else { throw DBusMessage.Malformed("nested too deep") }
        guard let code = type.utf8.first else { throw DBusMessage.Malformed("an empty type") }
        switch code {
        case UInt8(ascii: "y"): return .byte(try byte())
        case UInt8(ascii: "b"):
            switch try uint32() {
            case 0: return .boolean(false)
            case 1: return .boolean(true)
            default: throw DBusMessage.Malformed("a boolean that is not 0 or 1")
            }
        case UInt8(ascii: "n"): return .int16(Int16(truncatingIfNeeded: try integer(2)))
        case UInt8(ascii: "q"): return .uint16(UInt16(truncatingIfNeeded: try integer(2)))
        case UInt8(ascii: "i"): return .int32(Int32(truncatingIfNeeded: try integer(4)))
        case UInt8(ascii: "u"): return .uint32(try uint32())
        case UInt8(ascii: "x"): return .int64(Int64(bitPattern: try integer(8)))
        case UInt8(ascii: "t"): return .uint64(try integer(8))
        case UInt8(ascii: "d"): return .double(Double(bitPattern: try integer(8)))
        case UInt8(ascii: "h"):
            // An index into descriptors passed beside the message: this client never accepts any.
            throw DBusMessage.Malformed("a Unix file descriptor, which this client never accepts")
        case UInt8(ascii: "s"): return .string(try text(length: Int(try uint32())))
        case UInt8(ascii: "o"):
            let path = try text(length: Int(try uint32()))
            guard DBusSignature.isObjectPath(path) else {
                throw DBusMessage.Malformed("an invalid object path")
            }
            return .objectPath(path)
        case UInt8(ascii: "g"):
            let signature = try text(length: Int(try byte()))
            _ = try DBusSignature.completeTypes(signature)
            return .signature(signature)
        case UInt8(ascii: "v"):
            let signature = try text(length: Int(try byte()))
            let types = try DBusSignature.completeTypes(signature)
            guard types.count == 1 else { throw DBusMessage.Malformed("a variant of not one type") }
            return .variant(try value(types[0], nesting: nesting + 1))
        case UInt8(ascii: "a"):
            let element = String(type.dropFirst())
            let length = Int(try uint32())
            guard length <= SystemLimits.dbusArraySize else {
                throw DBusMessage.Malformed("an array over 64 MiB")
            }
            try align(DBusSignature.alignment(of: element))
            guard bytes.count - offset >= length else { throw DBusMessage.Malformed("cut short") }
            let end = offset + length
            var values: [DBusValue] = []
            while offset < end { values.append(try value(element, nesting: nesting + 1)) }
            guard offset == end else { throw DBusMessage.Malformed("an array's elements overrun its length") }
            return .array(element: element, values)
        case UInt8(ascii: "("), UInt8(ascii: "{"):
            try align(8)
            let inner = String(type.dropFirst().dropLast())
            let fields = try DBusSignature.completeTypes(inner).map { field throws(DBusMessage.Malformed) in
                try value(field, nesting: nesting + 1)
            }
            if code == UInt8(ascii: "{") {
                guard fields.count == 2 else { throw DBusMessage.Malformed("a dictionary entry of not two") }
                return .dictEntry(fields[0], fields[1])
            }
            return .structure(fields)
        default:
            throw DBusMessage.Malformed("an unknown type code")
        }
    }
}

/// Signatures: split into complete types, checked, and their alignments.
package enum DBusSignature {
    /// The complete types of `signature`, in order.
    ///
    /// - Throws: ``DBusMessage/Malformed`` for an unknown code, an
    ///   unbalanced bracket, an empty structure, a dictionary entry outside
    ///   an array or with a container key, or a signature over 255 bytes.
    package static func completeTypes(_ signature: String) throws(DBusMessage.Malformed) -> [String] {
        let codes = Array(signature.utf8)
        guard codes.count <= 255 else { throw DBusMessage.Malformed("a signature over 255 bytes") }
        var types: [String] = []
        var index = 0
        while index < codes.count {
            let start = index
            try skipType(codes, &index, depth: 0, inArray: false)
            types.append(String(decoding: codes[start..<index], as: UTF8.self))
        }
        return types
    }

    private static func skipType(_ codes: [UInt8], _ index: inout Int, depth: Int, inArray: Bool)
        throws(DBusMessage.Malformed)
    {
        guard depth < SystemLimits.nestingDepth, index < codes.count else {
            throw DBusMessage.Malformed("an incomplete signature")
        }
        let code = codes[index]
        index += 1
        switch code {
        case UInt8(ascii: "y"), UInt8(ascii: "b"), UInt8(ascii: "n"), UInt8(ascii: "q"), UInt8(ascii: "i"),
            UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "h"),
            UInt8(ascii: "s"), UInt8(ascii: "o"), UInt8(ascii: "g"), UInt8(ascii: "v"):
            return
        case UInt8(ascii: "a"):
            try skipType(codes, &index, depth: depth + 1, inArray: true)
        case UInt8(ascii: "("):
            var fields = 0
            while index < codes.count, codes[index] != UInt8(ascii: ")") {
                try skipType(codes, &index, depth: depth + 1, inArray: false)
                fields += 1
            }
            guard index < codes.count, fields > 0 else {
                throw DBusMessage.Malformed("an empty or open structure")
            }
            index += 1
        case UInt8(ascii: "{"):
            guard inArray, index < codes.count, isBasic(codes[index]) else {
                throw DBusMessage.Malformed("a dictionary entry outside an array, or with a container key")
            }
            try skipType(codes, &index, depth: depth + 1, inArray: false)
            try skipType(codes, &index, depth: depth + 1, inArray: false)
            guard index < codes.count, codes[index] == UInt8(ascii: "}") else {
                throw DBusMessage.Malformed("a dictionary entry of not two")
            }
            index += 1
        default:
            throw DBusMessage.Malformed("an unknown type code")
        }
    }

    private static func isBasic(_ code: UInt8) -> Bool {
        Array("ybnqiuxtdhsog".utf8).contains(code)
    }

    /// The alignment of a value of the complete type `type`.
    package static func alignment(of type: String) -> Int {
        switch type.utf8.first {
        case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
        case UInt8(ascii: "b"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "h"), UInt8(ascii: "s"),
            UInt8(ascii: "o"), UInt8(ascii: "a"):
            4
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
        default: 1
        }
    }

    /// Whether `path` is an object path: `/`, or `/`-separated non-empty elements of `[A-Za-z0-9_]`.
    package static func isObjectPath(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        let elements = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return elements.allSatisfy { element in
            !element.isEmpty
                && element.utf8.allSatisfy {
                    ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
                        || $0 == 0x5F
                }
        }
    }
}
