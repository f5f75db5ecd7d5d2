// The JSON reader that parses every provider answer and the session file.
// Invariant: whatever parses, parses again the same from its own rendering.
import SessionCore
import SessionSupport

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let value = try? JSONValue.parse(bytes) else { return 0 }
    let again = try? JSONValue.parse(Array(render(value).utf8))
    precondition(again == value, "a parsed value does not survive its own rendering")
    return 0
}

/// Canonical JSON for a value (numbers in Swift's shortest round-trip form).
private func render(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let number):
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    case .string(let text): quoted(text)
    case .array(let items): "[" + items.map(render).joined(separator: ",") + "]"
    case .object(let members):
        "{" + members.map { quoted($0.key) + ":" + render($0.value) }.joined(separator: ",") + "}"
    }
}

private func quoted(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case _ where scalar.value < 0x20:
            output += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
        default: output.unicodeScalars.append(scalar)
        }
    }
    return output + "\""
}
