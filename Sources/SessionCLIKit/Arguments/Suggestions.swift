/// "Did you mean …?" for mistyped command and option names.
enum Suggestions {
    /// The known name closest to `text`, if it is within two edits.
    static func closest(to text: String, among names: [String]) -> String? {
        guard text.count <= 40 else { return nil }
        let scored = names.map { ($0, distance(text, $0)) }.filter { $0.1 <= 2 && $0.1 < $0.0.count }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The Levenshtein edit distance.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
