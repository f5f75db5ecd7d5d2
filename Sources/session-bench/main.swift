import Foundation

// session-bench: medians of the library's hot paths against the baselines a
// user would otherwise reach for, measured in the same run, as a Markdown table.
//
//   swift run -c release session-bench           # everything
//   swift run -c release session-bench store     # the session store only
//   swift run -c release session-bench json      # the JSON reader on 1 MiB answers
//   swift run -c release session-bench page      # the sign-in page once the outcome is known
//   swift run -c release session-bench signin    # login --device against the test provider (not in "all")
//   session-bench race [NOLOCK_FOLDER]           # 16 processes refreshing at once (not in "all"); see README
let selection = CommandLine.arguments.dropFirst().first ?? "all"
var table = BenchmarkTable()
if selection == "all" || selection == "store" {
    try StoreBenchmarks.run(into: &table)
}
if selection == "all" || selection == "json" {
    try JSONBenchmarks.run(into: &table)
}
if selection == "all" || selection == "network" {
    table = try await NetworkBenchmarks.run(appendingTo: table)
}
if selection == "all" || selection == "page" {
    table = try await SignInPageBenchmark.run(appendingTo: table)
}
if selection != "signin" && selection != "race" { print(table.markdown) }
if selection == "race" {
    let own = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binaries = [(name: "this build", folder: own)]
    if CommandLine.arguments.count > 2 {
        binaries.append(
            (name: "without the cross-process step", folder: URL(fileURLWithPath: CommandLine.arguments[2])))
    }
    try await RefreshRaceBenchmark.run(binaries: binaries)
}
if selection == "signin" {
    try await SignInBenchmark.run()
}
