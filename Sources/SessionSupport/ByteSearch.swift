extension Collection where Element == UInt8 {
    /// Whether these bytes hold `needle` somewhere: a marker in a PEM file,
    /// a line of libcurl's account of a transfer.
    package func holds(_ needle: some StringProtocol) -> Bool {
        let needle = Array(needle.utf8)
        guard let first = needle.first, count >= needle.count else { return needle.isEmpty }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: needle) { return true }
            start = index(after: found)
        }
        return false
    }
}
