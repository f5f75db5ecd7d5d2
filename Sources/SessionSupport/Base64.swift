/// A strict base64 reader (RFC 4648 §4 and §5), for bytes from outside:
/// PEM files and JWKs. Only the alphabet's characters; standard base64 may
/// end in `=` padding to a multiple of four, base64url has none; the unused
/// bits of the last character must be zero, so every encoded value has one
/// spelling.
///
/// ```swift
/// Base64.decode(Array("-_8".utf8), .url)       // [0xFB, 0xFF]
/// Base64.decode(Array("+/8=".utf8), .standard) // [0xFB, 0xFF]
/// ```
package enum Base64 {
    package enum Alphabet: Sendable {
        /// `A–Z a–z 0–9 + /`, with `=` padding.
        case standard
        /// `A–Z a–z 0–9 - _`, without padding.
        case url
    }

    /// The bytes, or `nil` for text that is not strictly base64 of that alphabet.
    package static func decode(_ text: some Collection<UInt8>, _ alphabet: Alphabet) -> [UInt8]? {
        var characters = Array(text)
        if alphabet == .standard {
            guard characters.count % 4 == 0 else { return nil }
            var padding = 0
            while characters.last == UInt8(ascii: "=") && padding < 2 {
                characters.removeLast()
                padding += 1
            }
        }
        guard characters.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for character in characters {
            guard let value = value(of: character, alphabet) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        // What is left over must be zero bits, or the text has two spellings.
        guard buffer == 0 else { return nil }
        return output
    }

    private static func value(of character: UInt8, _ alphabet: Alphabet) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+") where alphabet == .standard: 62
        case UInt8(ascii: "/") where alphabet == .standard: 63
        case UInt8(ascii: "-") where alphabet == .url: 62
        case UInt8(ascii: "_") where alphabet == .url: 63
        default: nil
        }
    }
}
