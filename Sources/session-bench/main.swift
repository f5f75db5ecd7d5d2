import Foundation

// session-bench: medians of the library's hot paths against the baselines a
// user would otherwise reach for, measured in the same run, as a Markdown table.
//
//   swift run -c release session-bench           # everything
//   swift run -c release session-bench store     # the session store only
//   swift run -c release session-bench signin    # login --device against the test provider (not in "all")
let selection = CommandLine.arguments.dropFirst().first ?? "all"
var table = BenchmarkTable()
if selection == "all" || selection == "store" {
    try StoreBenchmarks.run(into: &table)
}
if selection == "all" || selection == "network" {
    table = try await NetworkBenchmarks.run(appendingTo: table)
}
if selection != "signin" { print(table.markdown) }
if selection == "signin" {
    try SignInBenchmark.run()
}
