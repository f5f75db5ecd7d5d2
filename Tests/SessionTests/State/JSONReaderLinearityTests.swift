import Foundation
import Testing

@testable import SessionCore

/// The JSON reader takes time in proportion to its input, whatever the
/// input is made of: it parses every provider answer (up to 1 MiB) and the
/// session file, and a refresh parses its answer holding the store's lock.
/// Each case parses 64 Ki and 512 Ki units; linear is a ratio of 8, and the
/// quadratic string reader this replaced gave about 40.
@Suite struct JSONReaderLinearityTests {
    /// The fastest of three parses, in seconds.
    func fastest(_ document: [UInt8]) throws -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let elapsed = try ContinuousClock().measure { _ = try JSONValue.parse(document) }
            best = min(
                best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }

    /// Builds the document for `count` units.
    static let cases: [(String, @Sendable (Int) -> String)] = [
        ("escapes", { #"""# + String(repeating: #"\n"#, count: $0) + #"""# }),
        ("unicode escapes", { #"""# + String(repeating: #"\u00e9"#, count: $0 / 3) + #"""# }),
        ("plain letters", { #"""# + String(repeating: "ab", count: $0) + #"""# }),
        ("a long number", { "0." + String(repeating: "0", count: $0 / 2) + "1" }),
        ("many members", { "{" + (0..<$0 / 8).map { #""k\#($0)":1"# }.joined(separator: ",") + "}" }),
        ("many elements", { "[" + Array(repeating: "[1]", count: $0 / 4).joined(separator: ",") + "]" }),
    ]

    @Test(arguments: 0..<cases.count)
    func parseTimeGrowsLinearly(caseIndex: Int) throws {
        let (name, make) = Self.cases[caseIndex]
        let small = try fastest(Array(make(64 << 10).utf8))
        let large = try fastest(Array(make(512 << 10).utf8))
        let ratio = large / max(small, 1e-6)
        #expect(ratio < 12, "\(name): 8× the input took \(ratio)× the time")
    }

    /// Nesting stays bounded: deeper than 64 levels is refused at once.
    @Test func deepNestingIsRefused() {
        let deep = Array(
            (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(deep) }
    }
}
