import Foundation
import SessionSupport
import Testing

@testable import SessionCore

/// The session file's own JSON and date readers, which replace `JSONDecoder`
/// on the start-up path and so must accept and refuse exactly what RFC 8259
/// and the `.iso8601` strategy do.
@Suite struct SessionFileParsingTests {
    @Test func parsesEveryKindOfValue() throws {
        let text =
            #" { "a" : [1, -2.5, 3e2, 0, -0.5E-1, true, false, null], "b": {"c": "x\"\\\/\b\f\n\r\tñ\u00e9\ud83d\ude00"} } "#
        let value = try JSONValue.parse(Array(text.utf8))
        #expect(
            value
                == .object([
                    "a": .array([
                        .number(1), .number(-2.5), .number(300), .number(0), .number(-0.05), .bool(true),
                        .bool(false), .null,
                    ]),
                    "b": .object(["c": .string("x\"\\/\u{8}\u{C}\n\r\tñé😀")]),
                ]))
        #expect(try JSONValue.parse(Array("[]".utf8)) == .array([]))
        #expect(try JSONValue.parse(Array("{}".utf8)) == .object([:]))
        #expect(try JSONValue.parse(Array(#""""#.utf8)) == .string(""))
    }

    static let invalid = [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":1,\"a\":1}", "{a: 1}", "01", "1.", ".5",
        "-", "1e", "+1",
        "tru",
        "nul", "[1] x", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"", "\"\\ud83d\\u0041\"", "\"a\u{1}b\"",
        "'a'", "NaN", "Infinity", "[\"\\uDE00\"]",
    ]

    @Test(arguments: invalid)
    func refusesWhatIsNotJSON(text: String) {
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(Array(text.utf8)) }
    }

    @Test func refusesInvalidUTF8AndDeepNesting() {
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(Array(deep.utf8)) }
        let fine = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(throws: Never.self) { try JSONValue.parse(Array(fine.utf8)) }
    }

    @Test func agreesWithJSONSerializationOnWhatItAccepts() throws {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array(#"{}[]":,0123456789-.eEtrufalsn \"#)
        var accepted = 0
        for _ in 0..<20000 {
            let length = Int.random(in: 1...12, using: &generator)
            let text = String(
                (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            let ours = (try? JSONValue.parse(Array(text.utf8))) != nil
            let foundation =
                (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil
            #expect(ours == foundation, "\(text)")
            if ours { accepted += 1 }
        }
        #expect(accepted > 10, "the inputs never exercised acceptance")
    }

    @Test func readsDatesAsTheISO8601StrategyWritesThem() throws {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<2000 {
            let seconds = Double(Int64.random(in: -2_000_000_000...8_000_000_000, using: &generator))
            let date = Date(timeIntervalSince1970: seconds)
            let text = date.formatted(.iso8601)
            #expect(ISO8601.date(from: text) == date, "\(text)")
            #expect(ISO8601.string(from: date) == text)
            #expect(ISO8601.string(from: date.addingTimeInterval(0.75)) == text, "fractions are dropped")
        }
        #expect(ISO8601.date(from: "1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(ISO8601.date(from: "2000-02-29T12:00:00Z") == Date(timeIntervalSince1970: 951_825_600))
        #expect(ISO8601.date(from: "1970-01-01T09:00:00+09:00") == Date(timeIntervalSince1970: 0))
        #expect(ISO8601.date(from: "1970-01-01T00:00:01.750Z") == Date(timeIntervalSince1970: 1.75))
    }

    static let invalidDates = [
        "", "yesterday", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
        "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z", "2026-01-01 00:00:00Z",
        "2026-01-01T00:00:00", "2026-01-01T00:00:00Zjunk", "2026-1-01T00:00:00Z", "2026-01-01T00:00:00.Z",
        "2026-01-01T00:00:00+9:00",
    ]

    @Test(arguments: invalidDates)
    func refusesMalformedDates(text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }
}
