/// Form-encoded fields (RFC 6749 Appendix B): the query of the redirect
/// back to the app (an authorization response, §4.1.2), and the body of a
/// provider that answers in a form (GitHub unless asked for JSON, and any
/// answer sent as `text/plain`, which golang/oauth2 reads as a form too).
///
/// Strict where it matters: a parameter that appears twice makes the whole
/// response unusable (RFC 6749 §3.1: "MUST NOT be included more than
/// once"), and so does a `%` not followed by two hex digits or bytes that are
/// not UTF-8. A lenient reader would let the first (or the last) of two
/// `state`s or `code`s win, which is what an injected parameter relies on.
package enum FormFields {
    /// Why a query cannot be read.
    package enum Problem: Error, Sendable, Equatable {
        /// A parameter name appears more than once.
        case repeated
        /// Bad percent-encoding, or not UTF-8.
        case malformed
    }

    /// The parameters of `query`, by name.
    package static func parse(_ query: String?) -> Result<[String: String], Problem> {
        var parameters: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count == 2 ? parts[1] : "") else {
                return .failure(.malformed)
            }
            guard parameters.updateValue(value, forKey: name) == nil else { return .failure(.repeated) }
        }
        return .success(parameters)
    }

    /// Form decoding: `+` is a space, `%XX` a byte; `nil` for a bad escape
    /// or bytes that are not UTF-8.
    package static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(0x20)
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue),
                    let low = iterator.next().flatMap(hexValue)
                else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        // Decoding repairs bad UTF-8 with U+FFFD; a repaired string differs from its bytes.
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
