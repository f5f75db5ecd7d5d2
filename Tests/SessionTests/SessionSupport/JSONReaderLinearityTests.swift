import Foundation
import SessionSupport
import Testing

/// The JSON reader's work grows in proportion to its input, whatever the
/// input is made of: it parses every provider answer (up to 1 MiB) and the
/// session file, and a refresh parses its answer holding the store's lock.
///
/// Work is counted, not timed (``JSONValue/parse(_:work:)``: bytes examined,
/// bytes copied, values made), so the result is the same on an idle machine
/// and a loaded one. Each case parses 64 Ki and 512 Ki units: linear work
/// takes as many steps per byte for both; the reader this replaced, which
/// copied a string at each escape, did quadratic work there, 8× per byte. The speed itself is measured by
/// `session-bench json`.
@Suite struct JSONReaderLinearityTests {
    static let cases: [(String, @Sendable (Int) -> String)] = [
        ("escapes", { #"""# + String(repeating: #"\n"#, count: $0) + #"""# }),
        ("unicode escapes", { #"""# + String(repeating: #"\u00e9"#, count: $0 / 3) + #"""# }),
        ("plain letters", { #"""# + String(repeating: "ab", count: $0) + #"""# }),
        ("non-ASCII letters", { #"""# + String(repeating: "é", count: $0) + #"""# }),
        ("a long number", { "0." + String(repeating: "0", count: $0 / 2) + "1" }),
        ("many members", { "{" + (0..<$0 / 8).map { #""k\#($0)":1"# }.joined(separator: ",") + "}" }),
        ("many elements", { "[" + Array(repeating: "[1]", count: $0 / 4).joined(separator: ",") + "]" }),
    ]

    func work(_ text: String) throws -> Int {
        var work = 0
        _ = try JSONValue.parse(Array(text.utf8), work: &work)
        return work
    }

    @Test(arguments: 0..<cases.count)
    func workGrowsLinearly(caseIndex: Int) throws {
        let (name, make) = Self.cases[caseIndex]
        let small = make(64 << 10)
        let large = make(512 << 10)
        let (smallWork, largeWork) = (try work(small), try work(large))
        // Steps per byte, large against small: 1 when linear (the larger
        // document's keys and numbers may be longer, so bytes, not units).
        let ratio =
            (Double(largeWork) / Double(large.utf8.count)) / (Double(smallWork) / Double(small.utf8.count))
        #expect(ratio < 1.01, "\(name): 8× the input took \(ratio * 8)× the work")
        // And a few steps a byte, not a number that happens to grow by 8.
        #expect(largeWork < 8 * large.utf8.count, "\(name): \(largeWork) steps for \(large.utf8.count) bytes")
    }

    /// The counter sees quadratic work where there is some: a name checked
    /// against every earlier name of its object grows with the square until
    /// the reader switches to a set.
    @Test func theCounterSeesWorkThatIsNotLinear() throws {
        let object = { (count: Int) in "{" + (0..<count).map { #""k\#($0)":1"# }.joined(separator: ",") + "}"
        }
        let (one, two) = (try work(object(8)), try work(object(16)))
        // 8 members take 28 name checks and 16 take 120: 64 more than twice 28.
        #expect(two - 2 * one > 50, "16 members took \(two) steps, 8 took \(one)")
    }

    /// Nesting stays bounded: deeper than 64 levels is refused at once.
    @Test func deepNestingIsRefused() {
        let deep = Array(
            (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(deep) }
    }

    /// A name given twice is an error: one reader would take the first value,
    /// another the last.
    @Test func aNameGivenTwiceIsRefused() throws {
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(Array(#"{"a":1,"a":2}"#.utf8)) }
        let many = "{" + (0..<40).map { #""k\#($0)":1"# }.joined(separator: ",") + #","k3":2}"#
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(Array(many.utf8)) }
        #expect(try JSONValue.parse(Array(#"{"a":{"a":1}}"#.utf8)) != .null)
    }
}
