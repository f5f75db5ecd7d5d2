import Foundation
import SessionCore
import SessionSupport
import SessionSystem
import SessionTestSupport

/// How soon a watcher sees another process's change, and what it costs
/// while nothing changes.
///
///     session-bench watch [--rounds N]      (default 200)
///
/// Another process (this program, `watch-writer`) replaces the session file
/// by a rename, N times; each time it tells the time just before its
/// `rename` (CLOCK_MONOTONIC, the same clock in every process), at a random
/// moment of the baseline's second. Two watchers
/// in this process note when they see the new session: `statuses()`, and
/// the baseline, a loop that reads the file once a second. Then the idle
/// watcher's CPU time over 10 s.
enum WatchBenchmark {
    static func run(rounds: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "session-bench-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("session.json").path
        let store = FileLoginStateStore(fileURL: URL(fileURLWithPath: path))

        let writer = try ChildProcess(
            [CommandLine.arguments[0], "watch-writer", path], stdin: .pipe, stdout: .pipe)
        defer {
            writer.closeInput()
            _ = writer.waitForExit()
        }
        let watched = Arrivals()
        let polled = Arrivals()
        let watcher = Task {
            for try await status in LoginUsecase(repository: store).statuses() {
                if let round = round(of: status.credential) { watched.note(round) }
            }
        }
        let poller = Task {
            while !Task.isCancelled {
                if let round = round(of: try? store.load().credential) { polled.note(round) }
                try? await Task.sleep(for: .seconds(1))
            }
        }
        var latencies: (watched: [Double], polled: [Double]) = ([], [])
        for round in 0..<rounds {
            // A change comes at any moment of the baseline's second, as a real one would.
            try await Task.sleep(for: .milliseconds(Int.random(in: 0..<1000)))
            try writer.input?.write(Data("\(round)\n".utf8))
            guard let line = try writer.output?.readLine(), let renamedAt = UInt64(line) else {
                throw ChildProcessError(description: "the writer stopped")
            }
            latencies.watched.append(Double(await watched.arrival(of: round) - renamedAt) / 1e9)
            latencies.polled.append(Double(await polled.arrival(of: round) - renamedAt) / 1e9)
        }
        poller.cancel()

        // Idle: nothing changes, the watcher waits; this process's CPU time over
        // 10 s, then over 10 s more with no watcher at all (what the process
        // costs by itself, so what is left is the watcher's).
        let before = cpuSeconds()
        try await Task.sleep(for: .seconds(10))
        let idle = cpuSeconds() - before
        watcher.cancel()
        _ = await watcher.result
        let probe = WatcherProbe()
        await probe.whenIdle()
        probe.stop()
        let quiet = cpuSeconds()
        try await Task.sleep(for: .seconds(10))
        let alone = cpuSeconds() - quiet

        func row(_ name: String, _ values: [Double]) -> String {
            let sorted = values.sorted()
            let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
            return
                "| \(name) | \(BenchmarkTable.format(sorted[sorted.count / 2])) | \(BenchmarkTable.format(p99)) |"
        }
        print("Another process's rename of the session file to the new status, \(rounds) changes:\n")
        print("| watcher | median | p99 |")
        print("|---|---|---|")
        print(row("`LoginUsecase.statuses()` (inotify)", latencies.watched))
        print(row("baseline: a loop that reads the file every second", latencies.polled))
        print(
            String(
                format: "\nMedian ratio: %.4f×. This process's CPU time over 10 s idle: "
                    + "%.1f ms with the watcher, %.1f ms without it (the watcher's own goal: 0).",
                Measure.median(of: latencies.watched) / Measure.median(of: latencies.polled), idle * 1000,
                alone * 1000))
    }

    /// `watch-writer PATH`: for each round number read from standard input,
    /// writes a session whose token names the round to a temporary file,
    /// prints the time, and renames the file over `path`.
    static func writer(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        while let line = readLine(), let round = Int(line) {
            var sessions = SessionSet()
            try sessions.login(
                Credential(token: try AuthToken("tok_watch_\(round)_0123456789"), account: "bench"),
                at: Date())
            let bytes = try SessionFileFormat.encode(sessions)
            let temporary = folder + "/.session.json.tmp-bench"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard fd >= 0 else { throw ChildProcessError(description: "cannot write \(temporary)") }
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            let renamedAt = now()
            guard rename(temporary, path) == 0 else { throw ChildProcessError(description: "cannot rename") }
            FileHandle.standardOutput.write(Data("\(renamedAt)\n".utf8))
        }
    }

    /// The round a session's token names.
    private static func round(of credential: Credential?) -> Int? {
        guard let token = credential?.token.value, token.hasPrefix("tok_watch_") else { return nil }
        return Int(token.dropFirst("tok_watch_".count).prefix { $0 != "_" })
    }

    /// Nanoseconds on CLOCK_MONOTONIC: one clock for every process on the machine.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// When each round was first seen, and who waits for one.
    private final class Arrivals: Sendable {
        private let state = Locked<
            (seen: [Int: UInt64], waiting: [Int: [CheckedContinuation<UInt64, Never>]])
        >(
            ([:], [:]))

        func note(_ round: Int) {
            let time = WatchBenchmark.now()
            let waiters = state.withLock { state -> [CheckedContinuation<UInt64, Never>] in
                guard state.seen[round] == nil else { return [] }
                state.seen[round] = time
                return state.waiting.removeValue(forKey: round) ?? []
            }
            for waiter in waiters { waiter.resume(returning: time) }
        }

        func arrival(of round: Int) async -> UInt64 {
            await withCheckedContinuation { waiter in
                let seen = state.withLock { state -> UInt64? in
                    if let time = state.seen[round] { return time }
                    state.waiting[round, default: []].append(waiter)
                    return nil
                }
                if let seen { waiter.resume(returning: seen) }
            }
        }
    }
}
