import Foundation
import SessionSupport
import Testing

@testable import SessionCore

/// The JSON reader takes time in proportion to its input, whatever the
/// input is made of: it parses every provider answer (up to 1 MiB) and the
/// session file, and a refresh parses its answer holding the store's lock.
/// Each case parses 64 Ki and 512 Ki units; linear is a ratio of 8 (up to
/// about 16 when the larger document outgrows the processor's caches and
/// other tests run beside it), quadratic is 64, and the string reader this
/// replaced gave about 40.
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

    /// Builds the document for `count` units. A ratio under 20 is linear
    /// with room for a busy machine; the quadratic reader's 40 is not.
    static let limit = 20.0
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
        let (small, large) = try fastest(Array(make(64 << 10).utf8), Array(make(512 << 10).utf8))
        let ratio = large / max(small, 1e-6)
        #expect(ratio < Self.limit, "\(name): 8× the input took \(ratio)× the time")
    }

    /// Nesting stays bounded: deeper than 64 levels is refused at once.
    @Test func deepNestingIsRefused() {
        let deep = Array(
            (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(deep) }
    }
}
