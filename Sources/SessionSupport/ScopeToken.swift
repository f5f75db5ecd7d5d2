/// RFC 6749 §3.3: a scope is one or more of `%x21 / %x23-5B / %x5D-7E`
/// (visible ASCII without `"` and `\`). A provider's answer with any other
/// scope is refused, so nothing else is ever stored or shown.
package enum ScopeToken {
    /// Whether `text` is one scope token, at most 256 bytes long.
    package static func isValid(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.count <= 256
            && text.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C }
    }
}
