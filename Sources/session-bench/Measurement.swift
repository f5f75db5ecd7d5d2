import Foundation

/// Timing helpers: many samples, the median, and rows for the README's table.
enum Measure {
    /// The middle value (the upper one of the two middles for an even count).
    static func median(of values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    /// The median duration of `body` in seconds over `samples` runs, after a warm-up.
    static func median(samples: Int, warmUp: Int = 20, _ body: () throws -> Void) rethrows -> Double {
        for _ in 0..<warmUp { try body() }
        var durations: [Double] = []
        durations.reserveCapacity(samples)
        let clock = ContinuousClock()
        for _ in 0..<samples {
            let elapsed = try clock.measure(body)
            durations.append(
                Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
        }
        durations.sort()
        return durations[durations.count / 2]
    }
}

extension Measure {
    /// The median duration of an async `body` in seconds over `samples` runs, after a warm-up.
    static func median(samples: Int, warmUp: Int = 20, _ body: () async throws -> Void) async rethrows
        -> Double
    {
        for _ in 0..<warmUp { try await body() }
        var durations: [Double] = []
        durations.reserveCapacity(samples)
        let clock = ContinuousClock()
        for _ in 0..<samples {
            let elapsed = try await clock.measure(body)
            durations.append(
                Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
        }
        durations.sort()
        return durations[durations.count / 2]
    }
}

/// Rows of `what | median | baseline | ratio`.
struct BenchmarkTable {
    private var rows: [String] = []

    mutating func add(_ what: String, median: Double, baseline: (name: String, median: Double)?) {
        let ratio = baseline.map { String(format: "%.3g×", median / $0.median) } ?? "—"
        let base = baseline.map { "\($0.name): \(Self.format($0.median))" } ?? "—"
        rows.append("| \(what) | \(Self.format(median)) | \(base) | \(ratio) |")
    }

    mutating func add(_ what: String, value: String, baseline: String, ratio: String) {
        rows.append("| \(what) | \(value) | \(baseline) | \(ratio) |")
    }

    var markdown: String {
        (["| measured | median | baseline (same run) | ratio |", "|---|---|---|---|"] + rows).joined(
            separator: "\n")
    }

    static func format(_ seconds: Double) -> String {
        seconds < 1e-3 ? String(format: "%.1f µs", seconds * 1e6) : String(format: "%.2f ms", seconds * 1e3)
    }
}
