/// Percent-encoding for request paths and queries, keeping what the caller
/// already encoded.
///
/// `URLComponents` decodes a path and encodes it again (so `%2F` became `/`),
/// leaves `+` unencoded in query values, and drops a query it cannot parse.
/// These two functions do neither.
enum PercentEncoding {
    /// `text` with every byte a path or query cannot hold encoded, and every
    /// existing `%XX` kept as it is.
    ///
    /// - Throws: ``NetworkError/invalidRequest(_:)`` for a `%` that is not
    ///   followed by two hex digits.
    static func keepingEscapes(_ text: String, in part: String) throws -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    throw NetworkError.invalidRequest(
                        "the \(part) has a '%' that is not followed by two hex digits; write a literal % as %25"
                    )
                }
                output += bytes[index...index + 2]
                index += 3
                continue
            }
            if isUnreserved(byte) || "!$&'()*+,;=:@/".utf8.contains(byte)
                || (part == "query" && byte == UInt8(ascii: "?"))
            {
                output.append(byte)
            } else {
                output += encoded(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` with everything but unreserved characters (RFC 3986) encoded:
    /// for query item names and values.
    static func strict(_ text: String) -> String {
        String(decoding: text.utf8.flatMap { isUnreserved($0) ? [$0] : encoded($0) }, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func encoded(_ byte: UInt8) -> [UInt8] {
        [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
    }
}
