import SessionCore
import SessionSupport

/// The fields of `api -f key=value` (a string) and `-F key=value` (typed),
/// as `gh api` reads them: a JSON object for a method with a body, query
/// parameters for GET and HEAD (and when `--input` is the body).
///
/// A key nests with brackets: `user[name]=alice` is `{"user": {"name":
/// "alice"}}`, and `tags[]=a` appends to an array. A typed value is `true`,
/// `false`, `null`, an integer, `@FILE` (the file's text; `@-` standard
/// input), or else a string.
struct APIFields {
    /// One field as given.
    struct Field {
        let path: [Segment]
        /// The text after `=`, as given (`query` keeps it so).
        let name: String
        let value: JSONOutput
    }

    /// One step of a key: a member name, or `[]` (append to an array).
    enum Segment: Equatable {
        case member(String)
        case append
    }

    private(set) var fields: [Field] = []

    var isEmpty: Bool { fields.isEmpty }

    /// Reads `-f` (`typed` false) and `-F` fields, in the order given.
    mutating func add(_ text: String, typed: Bool, option: String, read: (String) throws(CLIError) -> String)
        throws(CLIError)
    {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw CLIError(.apiFieldNotKeyValue, ["option": option])
        }
        let name = String(text[..<equals])
        let raw = String(text[text.index(after: equals)...])
        let path = try Self.path(of: name, option: option)
        let value: JSONOutput
        if !typed {
            value = .string(raw)
        } else if raw == "true" || raw == "false" {
            value = .bool(raw == "true")
        } else if raw == "null" {
            value = .null
        } else if let integer = Int(raw), !raw.hasPrefix("+"), raw == String(integer) {
            value = .integer(integer)
        } else if raw.hasPrefix("@") {
            value = .string(try read(String(raw.dropFirst())))
        } else {
            value = .string(raw)
        }
        fields.append(Field(path: path, name: name, value: value))
    }

    /// `name`, `name[key]`, `name[key][]`: the steps of a key.
    static func path(of key: String, option: String) throws(CLIError) -> [Segment] {
        guard let open = key.firstIndex(of: "[") else { return [.member(key)] }
        var segments: [Segment] = [.member(String(key[..<open]))]
        var rest = key[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else {
                throw CLIError(.apiFieldBadKey, ["option": option])
            }
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            segments.append(inner.isEmpty ? .append : .member(String(inner)))
            rest = rest[rest.index(after: close)...]
        }
        guard case .member(let first) = segments[0], !first.isEmpty,
            !segments.dropLast().contains(.append)
        else {
            throw CLIError(.apiFieldBadKey, ["option": option])
        }
        return segments
    }

    /// The fields as one JSON object.
    ///
    /// - Throws: A usage error when two fields disagree on what a key is (an
    ///   object for one, a value for the other).
    func object() throws(CLIError) -> JSONOutput {
        var root = JSONOutput.object([:])
        for field in fields {
            guard Self.put(field.value, at: field.path[...], in: &root) else {
                throw CLIError(.apiFieldConflict, ["key": field.name])
            }
        }
        return root
    }

    private static func put(_ value: JSONOutput, at path: ArraySlice<Segment>, in node: inout JSONOutput)
        -> Bool
    {
        guard let step = path.first else {
            node = value
            return true
        }
        let rest = path.dropFirst()
        switch (step, node) {
        case (.member(let name), .object(var members)):
            var child =
                members[name] ?? (rest.first == .append ? .array([]) : rest.isEmpty ? .null : .object([:]))
            guard put(value, at: rest, in: &child) else { return false }
            members[name] = child
            node = .object(members)
            return true
        case (.append, .array(var elements)):
            elements.append(value)
            node = .array(elements)
            return true
        default:
            return false
        }
    }

    /// The fields as query parameters, `name=value` with both percent-encoded
    /// (a typed value as its JSON text, a string as it is, `null` as nothing).
    var query: String {
        fields.map { field in
            let text: String =
                switch field.value {
                case .string(let string): string
                case .null: ""
                default: field.value.text
                }
            return Self.percentEncoded(field.name) + "=" + Self.percentEncoded(text)
        }.joined(separator: "&")
    }

    /// RFC 3986's unreserved characters as they are, every other byte as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E:
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}
