import Foundation
import Testing

/// Expectations about values that hold a token.
///
/// Swift Testing prints every operand of a failed `#expect`, so a plain
/// `#expect(!output.contains(secret))` would put the secret in the test
/// report. These compare first and report only what was checked.
enum Secret {
    /// None of `secrets` appears in `text`.
    static func expectAbsent(
        _ secrets: [String], in text: String, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if secrets.contains(where: { text.contains($0) }) {
            Issue.record("a secret appears in \(what)", sourceLocation: sourceLocation)
        }
    }

    /// None of `secrets` appears in the bytes.
    static func expectAbsent(
        _ secrets: [String], in data: Data, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if secrets.contains(where: { data.contains(bytesOf: $0) }) {
            Issue.record("a secret appears in \(what)", sourceLocation: sourceLocation)
        }
    }

    /// `text` is empty: what a command printed where it must print nothing,
    /// which would be a token if it were not; on failure it is not shown.
    static func expectEmpty(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        if !text.isEmpty {
            Issue.record(
                "\(what) is not empty (\(text.utf8.count) bytes, not shown)", sourceLocation: sourceLocation)
        }
    }

    /// `text` contains `secret` (the user asked to see it).
    static func expectPresent(
        _ secret: String, in text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if !text.contains(secret) {
            Issue.record("the secret is missing from \(what)", sourceLocation: sourceLocation)
        }
    }

    /// The values are equal; on failure neither is shown.
    static func expectEqual<Value: Equatable>(
        _ actual: Value, _ expected: Value, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if actual != expected {
            Issue.record(
                "\(what) differs from what was expected (values not shown)", sourceLocation: sourceLocation)
        }
    }
}
