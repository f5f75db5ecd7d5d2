/// JSON as the package writes it, for `status --json` and the session file:
/// keys sorted, `/` unescaped, and every character that must not reach a
/// terminal as it is (``TerminalText``) written as a `\u` escape, so a value
/// from a provider or a file cannot drive a terminal even inside JSON.
///
/// Written by hand rather than with `JSONEncoder`, whose first use costs the
/// tool's start-up more than the rest of `status --json`, and whose
/// `.iso8601` dates use a calendar that switches to Julian before 1582
/// while ``ISO8601`` reads proleptic Gregorian: a date of year 1013 moved
/// by days at every save (found by the session file's fuzz target).
package indirect enum JSONOutput: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONOutput])
    case object([String: JSONOutput])

    /// A string, or `null` for `nil`.
    package static func string(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }

    /// The value as compact JSON text.
    package var text: String {
        var output = ""
        write(to: &output, indent: nil)
        return output
    }

    /// The value as JSON text with one member or element a line, indented
    /// by two spaces, as a person reads a file.
    package var indentedText: String {
        var output = ""
        write(to: &output, indent: "")
        return output
    }

    private func write(to output: inout String, indent: String?) {
        let inner = indent.map { $0 + "  " }
        func separate(_ index: Int) {
            if index > 0 { output += "," }
            if let inner { output += "\n" + inner }
        }
        switch self {
        case .string(let value): Self.write(value, to: &output)
        case .integer(let value): output += String(value)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                separate(index)
                value.write(to: &output, indent: inner)
            }
            if let indent, !values.isEmpty { output += "\n" + indent }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                separate(index)
                Self.write(key, to: &output)
                output += inner == nil ? ":" : " : "
                members[key]?.write(to: &output, indent: inner)
            }
            if let indent, !members.isEmpty { output += "\n" + indent }
            output += "}"
        }
    }

    private static func write(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where TerminalText.isUnsafe(scalar): escape(scalar, to: &output)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// `\uXXXX`, as a surrogate pair above the Basic Multilingual Plane.
    private static func escape(_ scalar: Unicode.Scalar, to output: inout String) {
        func unit(_ value: UInt32) {
            let digits = String(value, radix: 16)
            output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
        guard scalar.value > 0xFFFF else { return unit(scalar.value) }
        let offset = scalar.value - 0x10000
        unit(0xD800 + (offset >> 10))
        unit(0xDC00 + (offset & 0x3FF))
    }
}
