import Foundation
import SessionCore
import SessionSupport

/// The JSON reader on the largest answer a provider may send (1 MiB):
/// escapes, which were quadratic, against plain letters.
enum JSONBenchmarks {
    static func run(into table: inout BenchmarkTable) throws {
        let size = 1 << 20
        let escapes = Array((#"{"a": ""# + String(repeating: #"\n"#, count: (size - 10) / 2) + #""}"#).utf8)
        let letters = Array((#"{"a": ""# + String(repeating: "a", count: size - 10) + #""}"#).utf8)
        let escaped = try Measure.median(samples: 15, warmUp: 2) { _ = try JSONValue.parse(escapes) }
        let plain = try Measure.median(samples: 15, warmUp: 2) { _ = try JSONValue.parse(letters) }
        table.add(
            "JSONValue.parse, a 1 MiB answer of \\n escapes (target: < 50 ms)", median: escaped,
            baseline: ("a 1 MiB answer of plain letters", plain))
    }
}
