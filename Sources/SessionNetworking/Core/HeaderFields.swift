import SessionCore
import SessionSupport

/// Header fields with HTTP's case-insensitive names and set semantics: setting
/// a name replaces any value under any spelling of it.
package struct HeaderFields {
    private var fields: [String: (name: String, value: String)] = [:]

    init(_ dictionary: [String: String] = [:]) {
        for (name, value) in dictionary { set(name, value) }
    }

    mutating func set(_ name: String, _ value: String) {
        fields[name.lowercased()] = (name, value)
    }

    var dictionary: [String: String] {
        Dictionary(uniqueKeysWithValues: fields.values.map { ($0.name, $0.value) })
    }

    /// Why a field cannot be sent, or `nil` when all can. Linux Foundation
    /// silently drops a value with CR or LF and keeps the old one, so such a
    /// value must be refused before it reaches the transport.
    var problem: String? {
        for (name, value) in fields.values {
            if !HTTPToken.isToken(name) {
                return "the header name \(Self.quoted(name)) is not a valid HTTP token"
            }
            if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
                // The value is not shown: it may be a token.
                return "the value of header '\(name)' contains CR, LF or NUL"
            }
        }
        return nil
    }

    private static func quoted(_ name: String) -> String {
        name.utf8.allSatisfy { (0x20...0x7E).contains($0) } && name.count <= 64
            ? "'\(name)'" : "(unprintable)"
    }
}
