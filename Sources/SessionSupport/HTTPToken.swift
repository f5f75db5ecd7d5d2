/// RFC 9110 `token`: what an HTTP method or a header name may be made of.
///
/// In SessionCore so that the networking target and the command-line tool
/// (which checks `--header` before it links any networking) share one rule.
package enum HTTPToken {
    /// Whether `byte` is a `tchar`.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether `text` is a non-empty token.
    package static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }
}
