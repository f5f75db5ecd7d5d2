/// A value of the D-Bus type system, as the Secret Service's messages carry
/// it: the basic types, arrays (with their element type, so an empty one
/// still has one), dictionary entries, structures and variants.
///
/// ```swift
/// let attributes = DBusValue.dictionary(key: "s", value: "s", [(.string("application"), .string("session-cli"))])
/// attributes.signature   // "a{ss}"
/// ```
package indirect enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An array of values of the one complete type `element`.
    case array(element: String, [DBusValue])
    /// A key and a value: only as the element of an array (`a{kv}`).
    case dictEntry(DBusValue, DBusValue)
    case structure([DBusValue])
    case variant(DBusValue)

    /// The value's type, as a signature.
    package var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// `a{kv}` with these entries.
    package static func dictionary(key: String, value: String, _ entries: [(DBusValue, DBusValue)])
        -> DBusValue
    {
        .array(element: "{" + key + value + "}", entries.map { .dictEntry($0.0, $0.1) })
    }

    /// `a{ss}` from a Swift dictionary, in a fixed order.
    package static func strings(_ pairs: [String: String]) -> DBusValue {
        dictionary(
            key: "s", value: "s",
            pairs.sorted { $0.key < $1.key }.map { (.string($0.key), .string($0.value)) })
    }

    /// `ay` of `bytes`.
    package static func bytes(_ bytes: [UInt8]) -> DBusValue {
        .array(element: "y", bytes.map { .byte($0) })
    }

    // MARK: Reading a value of a reply

    package var stringValue: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): text
        case .variant(let inner): inner.stringValue
        default: nil
        }
    }

    package var booleanValue: Bool? {
        switch self {
        case .boolean(let value): value
        case .variant(let inner): inner.booleanValue
        default: nil
        }
    }

    package var elements: [DBusValue]? {
        switch self {
        case .array(_, let values): values
        case .variant(let inner): inner.elements
        default: nil
        }
    }

    package var byteArray: [UInt8]? {
        elements?.compactMap { value -> UInt8? in
            if case .byte(let byte) = value { return byte }
            return nil
        }
    }
}
