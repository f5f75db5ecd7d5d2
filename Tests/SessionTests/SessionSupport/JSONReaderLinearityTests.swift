import Foundation
import SessionSupport
import Testing

@testable import SessionCore

/// The JSON reader takes time in proportion to its input, whatever the
/// input is made of: it parses every provider answer (up to 1 MiB) and the
/// session file, and a refresh parses its answer holding the store's lock.
/// Each case parses 64 Ki and 512 Ki units; linear is a ratio of 8, and
/// quadratic is 64. Each size's fastest of nine interleaved rounds counts,
/// so other tests running beside this one do not move the ratio.
@Suite struct JSONReaderLinearityTests {
    /// The fastest parse of each document, in seconds, over nine rounds
    /// that alternate between them, so a busy moment hits both alike.
    func fastest(_ small: [UInt8], _ large: [UInt8]) throws -> (small: Double, large: Double) {
        var best = (small: Double.infinity, large: Double.infinity)
        func seconds(_ document: [UInt8]) throws -> Double {
            let elapsed = try ContinuousClock().measure { _ = try JSONValue.parse(document) }
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        for _ in 0..<9 {
            best.small = min(best.small, try seconds(small))
            best.large = min(best.large, try seconds(large))
        }
        return best
    }

    /// Builds the document for `count` units, and the largest ratio allowed:
    /// about 12 for escapes (the quadratic input and its variant), 16 where
    /// the larger document's plain bytes, dictionaries and arrays outgrow the
    /// processor's caches and make a linear reader look slower than 8×. A
    /// quadratic reader takes 64×; the one this replaced took about 40×.
    static let cases: [(String, Double, @Sendable (Int) -> String)] = [
        ("escapes", 12, { #"""# + String(repeating: #"\n"#, count: $0) + #"""# }),
        ("unicode escapes", 12, { #"""# + String(repeating: #"\u00e9"#, count: $0 / 3) + #"""# }),
        ("plain letters", 16, { #"""# + String(repeating: "ab", count: $0) + #"""# }),
        ("a long number", 16, { "0." + String(repeating: "0", count: $0 / 2) + "1" }),
        ("many members", 16, { "{" + (0..<$0 / 8).map { #""k\#($0)":1"# }.joined(separator: ",") + "}" }),
        ("many elements", 16, { "[" + Array(repeating: "[1]", count: $0 / 4).joined(separator: ",") + "]" }),
    ]

    @Test(arguments: 0..<cases.count)
    func parseTimeGrowsLinearly(caseIndex: Int) throws {
        let (name, limit, make) = Self.cases[caseIndex]
        let (small, large) = try fastest(Array(make(64 << 10).utf8), Array(make(512 << 10).utf8))
        let ratio = large / max(small, 1e-6)
        #expect(ratio < limit, "\(name): 8× the input took \(ratio)× the time")
    }

    /// Nesting stays bounded: deeper than 64 levels is refused at once.
    @Test func deepNestingIsRefused() {
        let deep = Array(
            (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(deep) }
    }
}
