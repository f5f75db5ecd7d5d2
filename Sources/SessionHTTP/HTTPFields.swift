/// The header fields of a request or a response, in order: a repeated name
/// stays repeated, and names are compared without regard to case.
///
/// Shaped like swift-http-types' `HTTPFields`:
///
/// ```swift
/// var fields: HTTPFields = [.accept: "application/json"]
/// fields[.authorization] = "Bearer \(token)"      // replaces every Authorization
/// fields.append(HTTPField(name: .cookie, value: "a=1"))
/// let all = fields[values: .wwwAuthenticate]       // each field's value, in order
/// ```
public struct HTTPFields: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral,
    CustomStringConvertible
{
    private var fields: [HTTPField]

    /// No fields.
    public init() { fields = [] }

    /// `fields`, in their order.
    public init(_ fields: some Sequence<HTTPField>) { self.fields = Array(fields) }

    /// The fields of a literal, in its order.
    public init(dictionaryLiteral elements: (HTTPField.Name, String)...) {
        fields = elements.map { HTTPField(name: $0.0, value: $0.1) }
    }

    /// The first field's position.
    public var startIndex: Int { fields.startIndex }
    /// The position after the last field.
    public var endIndex: Int { fields.endIndex }
    /// The field at `position`.
    public subscript(position: Int) -> HTTPField { fields[position] }

    /// The value of the fields named `name`: `nil` when there is none, and
    /// several joined with `, ` (RFC 9110 §5.3), or `; ` for `Cookie`.
    ///
    /// Setting a value replaces every field of that name by one, where the
    /// first of them stood; setting `nil` removes them all.
    public subscript(name: HTTPField.Name) -> String? {
        get {
            let values = self[values: name]
            guard !values.isEmpty else { return nil }
            return values.joined(separator: name == .cookie ? "; " : ", ")
        }
        set { self[values: name] = newValue.map { [$0] } ?? [] }
    }

    /// The value of each field named `name`, in order. Setting replaces them
    /// all, the new ones where the first of the old stood (else at the end).
    public subscript(values name: HTTPField.Name) -> [String] {
        get { fields.filter { $0.name == name }.map(\.value) }
        set {
            let at = fields.firstIndex { $0.name == name } ?? fields.endIndex
            let before = fields[..<at].count
            fields.removeAll { $0.name == name }
            fields.insert(
                contentsOf: newValue.map { HTTPField(name: name, value: $0) },
                at: Swift.min(before, fields.endIndex))
        }
    }

    /// Adds `field` after the others, whatever its name.
    public mutating func append(_ field: HTTPField) { fields.append(field) }

    /// Whether a field named `name` is there.
    public func contains(_ name: HTTPField.Name) -> Bool { fields.contains { $0.name == name } }

    /// Removes every field `shouldBeRemoved` picks.
    public mutating func removeAll(where shouldBeRemoved: (HTTPField) throws -> Bool) rethrows {
        try fields.removeAll(where: shouldBeRemoved)
    }

    /// Why these fields cannot be sent, or `nil` when they can: a value with
    /// a line break (CR, LF, or another that `Character.isNewline` names) or
    /// NUL, which would end the field early or start another. The value
    /// itself is not shown: it may be a secret.
    public var problem: String? {
        for field in fields where field.value.contains(where: { $0.isNewline || $0 == "\0" }) {
            return "the value of header '\(field.name.rawName)' contains a line break or NUL"
        }
        return nil
    }

    /// One field per line, `Name: value`, as on the wire.
    public var description: String { fields.map(\.description).joined(separator: "\n") }
}

extension HTTPFields {
    /// The fields of `dictionary`, in its names' order, each value set (so
    /// of two spellings of one name, the later in that order wins).
    ///
    /// - Throws: ``HTTPFieldNameError`` for a name that is not an HTTP token.
    package init(checking dictionary: [String: String]) throws(HTTPFieldNameError) {
        self.init()
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            guard let checked = HTTPField.Name(name) else { throw HTTPFieldNameError(name: name) }
            self[checked] = value
        }
    }
}

/// A header name that is not an HTTP token.
package struct HTTPFieldNameError: Error {
    /// The name: shown only when it is short printable ASCII.
    package let name: String

    /// Why, in words that never print a control character.
    package var reason: String {
        let printable = name.utf8.allSatisfy { (0x20...0x7E).contains($0) } && name.count <= 64
        return "the header name \(printable ? "'\(name)'" : "(unprintable)") is not a valid HTTP token"
    }
}
