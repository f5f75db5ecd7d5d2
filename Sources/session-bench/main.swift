import Foundation

// session-bench: medians of the library's hot paths against the baselines a
// user would otherwise reach for, measured in the same run, as a Markdown table.
//
//   swift run -c release session-bench           # everything
//   swift run -c release session-bench store     # the session store only
//   swift run -c release session-bench json      # the JSON reader on 1 MiB answers
//   swift run -c release session-bench page      # the sign-in page once the outcome is known
//   swift run -c release session-bench signin    # login --device against the test provider (not in "all")
//   swift run -c release session-bench race      # 16 processes refreshing at once, with and without the lock
//                                                (not in "all"; needs session-cli built beside it)
//   swift run -c release session-bench pair -- A… --vs B…   # two commands' start-up, paired (see PairedStartup)
//   swift run -c release session-bench make-store PATH N     # a session file with N sessions (bench/many-sessions.sh)
//   swift run -c release session-bench watch [--rounds N]    # another process's change to the status arriving
//                                                (not in "all": a second each round for the polling baseline)
let selection = CommandLine.arguments.dropFirst().first ?? "all"
if selection == "make-store", CommandLine.arguments.count > 3, let count = Int(CommandLine.arguments[3]) {
    try SessionStoreFixture.make(path: CommandLine.arguments[2], count: count)
    exit(0)
}
if selection == "watch-writer", CommandLine.arguments.count > 2 {
    try WatchBenchmark.writer(path: CommandLine.arguments[2])
    exit(0)
}
if selection == "watch" {
    let arguments = CommandLine.arguments
    let rounds = arguments.firstIndex(of: "--rounds").flatMap {
        arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil
    }
    try await WatchBenchmark.run(rounds: rounds ?? 200)
    exit(0)
}
if selection == "pair" {
    do {
        try PairedStartup.run(Array(CommandLine.arguments.dropFirst(2)))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("session-bench: \(error)\n".utf8))
        exit(64)
    }
}
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
if selection == "refresh-child", CommandLine.arguments.count > 2 {
    exit(
        await RefreshRaceBenchmark.child(
            store: CommandLine.arguments[2], lock: !CommandLine.arguments.contains("--no-lock")))
}
if !["signin", "race", "refresh-child"].contains(selection) { print(table.markdown) }
if selection == "race" {
    try await RefreshRaceBenchmark.run()
}
if selection == "signin" {
    try await SignInBenchmark.run()
}
