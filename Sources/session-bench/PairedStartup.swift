import Foundation

/// Start-up of two commands, paired: A, B, A, B, … so a machine that
/// drifts (another job, a frequency change) moves both alike, and the ratio
/// of their medians holds on a shared, noisy machine.
///
///     session-bench pair [--rounds N] [--env NAME=VALUE]... [--stdin FILE] -- A [ARGS…] --vs B [ARGS…]
///
/// Each run is a whole process (`posix_spawn` to `waitpid`), its output to
/// /dev/null, its input /dev/null or `--stdin FILE` (git's request to a
/// credential helper). A command may exit non-zero (`status` logged out); a command
/// that cannot start stops the benchmark.
enum PairedStartup {
    static func run(_ arguments: [String]) throws {
        var rounds = 200
        var input = "/dev/null"
        var environment = ProcessInfo.processInfo.environment
        var rest = arguments[...]
        while let option = rest.first, option != "--" {
            rest.removeFirst()
            switch option {
            case "--rounds": rounds = Int(rest.popFirst() ?? "") ?? rounds
            case "--stdin": input = rest.popFirst() ?? input
            case "--env":
                let pair = (rest.popFirst() ?? "").split(separator: "=", maxSplits: 1).map(String.init)
                if pair.count == 2 { environment[pair[0]] = pair[1] }
            default: throw Usage()
            }
        }
        guard rest.popFirst() == "--", let split = rest.firstIndex(of: "--vs") else { throw Usage() }
        let a = Array(rest[..<split])
        let b = Array(rest[rest.index(after: split)...])
        guard !a.isEmpty, !b.isEmpty else { throw Usage() }
        for _ in 0..<20 {
            _ = try time(a, environment, input)
            _ = try time(b, environment, input)
        }
        var timesA: [Double] = []
        var timesB: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<rounds {
            let (ta, tb) = (try time(a, environment, input), try time(b, environment, input))
            timesA.append(ta)
            timesB.append(tb)
            ratios.append(ta / tb)
        }
        let (ma, mb) = (Measure.median(of: timesA), Measure.median(of: timesB))
        print("| command | median | vs B |")
        print("|---|---|---|")
        print(
            "| A: `\(a.joined(separator: " "))` | \(BenchmarkTable.format(ma)) | \(String(format: "%.3f×", ma / mb)) |"
        )
        print("| B: `\(b.joined(separator: " "))` | \(BenchmarkTable.format(mb)) | 1.000× |")
        let sorted = ratios.sorted()
        print(
            "\nA/B over \(rounds) pairs: median of the pairs' ratios \(String(format: "%.3f", Measure.median(of: ratios)))×, "
                + "middle half \(String(format: "%.3f", sorted[rounds / 4]))–\(String(format: "%.3f", sorted[3 * rounds / 4]))×"
        )
    }

    struct Usage: Error, CustomStringConvertible {
        let description =
            "usage: session-bench pair [--rounds N] [--env NAME=VALUE]... [--stdin FILE] -- A [ARGS...] --vs B [ARGS...]"
    }

    struct StartFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Seconds from `posix_spawn` to the end of `waitpid` for one run of `command`.
    private static func time(_ command: [String], _ environment: [String: String], _ input: String) throws
        -> Double
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        let start = ContinuousClock.now
        var pid: pid_t = 0
        let code = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard code == 0 else {
            throw StartFailed(description: "cannot start \(command[0]): \(String(cString: strerror(code)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
