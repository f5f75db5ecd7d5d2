// The percent-decoding of form fields (a callback's query, a form answer).
// Invariants: no parameter is ever taken twice, and what decodes survives
// encoding and decoding again.
import SessionNetworking

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let query = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard case .success(let parameters) = FormFields.parse(query) else { return 0 }
    let encoded = parameters.map { encode($0.key) + "=" + encode($0.value) }.joined(separator: "&")
    guard case .success(let again) = FormFields.parse(encoded) else {
        preconditionFailure("decoded parameters do not parse once encoded")
    }
    precondition(again == parameters, "decoded parameters change once encoded")
    return 0
}

private func encode(_ text: String) -> String {
    text.utf8.map { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            String(UnicodeScalar(byte))
        default: "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
    }.joined()
}
