extension StringProtocol {
    /// Without the white space (spaces, tabs, line ends, and Unicode's other
    /// white space) at its start and end: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without
    /// Foundation.
    package var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }

    /// With every `target` replaced by `replacement`: Foundation's
    /// `replacingOccurrences(of:with:)`, without Foundation.
    package func replacing(every target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return String(self) }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
