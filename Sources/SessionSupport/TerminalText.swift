/// The one rule for untrusted text that reaches a terminal or the session
/// file: what a provider, a server or a file sends may hold characters that
/// drive a terminal (an `ESC ] 0 ;` that retitles the window, an `ESC [ 2 J`
/// that clears it) or that change how the text around them reads (U+202E,
/// right-to-left override, turns `alice` into a spoof), so such characters
/// are refused, or shown escaped, never passed on.
///
/// Unsafe are the control characters (Cc, C0 and C1 and DEL), the format
/// characters (Cf: the bidi controls U+202A–202E and U+2066–2069, zero-width
/// spaces and joiners, the byte-order mark…), the line and paragraph
/// separators (Zl, Zp), and unassigned code points (Cn), which a later
/// Unicode may make any of these. C0 controls and DEL are shown in caret
/// notation (`ESC` as `^[`), everything else as `\u{202E}`; bytes that are
/// not UTF-8 as `\x{FF}`.
///
/// ```swift
/// TerminalText.isSafe("alice")                  // true
/// TerminalText.escaped("a\u{202E}b\u{1B}[2J")   // the text a\u{202E}b^[[2J
/// ```
package enum TerminalText {
    /// Whether `scalar` must not reach a terminal as it is.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: true
        default: false
        }
    }

    /// Whether `text` has no unsafe character at all.
    package static func isSafe(_ text: some StringProtocol) -> Bool {
        var text = String(text)
        // Printable ASCII, what nearly every account, URL and date is, needs no Unicode tables.
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
            || !text.unicodeScalars.contains(where: isUnsafe)
    }

    /// `text` with every unsafe character escaped; line feeds and tabs too,
    /// unless `keepingLines` (a response body shown as it came).
    package static func escaped(_ text: some StringProtocol, keepingLines: Bool = false) -> String {
        let text = String(text)
        guard !isSafe(text) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            append(scalar, to: &output, keepingLines: keepingLines)
        }
        return output
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout String, keepingLines: Bool) {
        if keepingLines && (scalar == "\n" || scalar == "\t") || !isUnsafe(scalar) {
            output.unicodeScalars.append(scalar)
        } else if scalar.value < 0x20 {
            output += "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
        } else if scalar.value == 0x7F {
            output += "^?"
        } else {
            output += "\\u{" + hex(scalar.value) + "}"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Escapes raw bytes bound for a terminal as they stream past: a
    /// response body, whose chunks may split a UTF-8 sequence. Line feeds
    /// and tabs go through.
    package struct Filter: Sendable {
        private var pending: [UInt8] = []

        /// A filter with nothing pending.
        package init() {}

        /// What of `chunk` can be shown now; an incomplete UTF-8 sequence at
        /// its end waits for the next chunk.
        package mutating func pass(_ chunk: some Collection<UInt8>) -> [UInt8] {
            pending.append(contentsOf: chunk)
            let complete = Self.completePrefix(pending)
            defer { pending.removeFirst(complete) }
            return Self.render(pending[..<complete])
        }

        /// What is left at the end of the stream.
        package mutating func finish() -> [UInt8] {
            defer { pending = [] }
            return Self.render(pending[...])
        }

        /// How many leading bytes end on a sequence boundary (or are bad
        /// beyond repair): at most three bytes of a started sequence wait.
        private static func completePrefix(_ bytes: [UInt8]) -> Int {
            var start = bytes.count
            while start > 0, bytes.count - start < 3, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
            guard start > 0 else { return bytes.count < 4 ? 0 : bytes.count }
            let lead = bytes[start - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            return bytes.count - (start - 1) < length ? start - 1 : bytes.count
        }

        private static func render(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            if bytes.allSatisfy({ (0x20..<0x7F).contains($0) || $0 == 0x0A || $0 == 0x09 }) {
                return Array(bytes)
            }
            var output = ""
            var decoder = UTF8()
            var iterator = bytes.makeIterator()
            var position = bytes.startIndex
            loop: while true {
                let before = position
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    append(scalar, to: &output, keepingLines: true)
                    position += UTF8.width(scalar)
                case .error:
                    // One bad byte at a time, shown by value.
                    output += "\\x{" + String(bytes[before], radix: 16, uppercase: true) + "}"
                    position += 1
                    iterator = bytes[position...].makeIterator()
                    decoder = UTF8()
                case .emptyInput:
                    break loop
                }
            }
            return Array(output.utf8)
        }
    }
}
