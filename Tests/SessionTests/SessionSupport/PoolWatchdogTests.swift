import Dispatch
import Foundation
import SessionSupport
import SessionSystem
import SessionTestSupport
import Testing

/// The pool watchdog trips on a planted call that holds every thread of the
/// cooperative pool, and names it in the stacks it records; and the check
/// of the helpers that wait catches one called in a task.
@Suite(.hangGuard) struct PoolWatchdogTests {
    /// In a process of its own (``ChildRun``), so that no other test's work
    /// holds the pool meanwhile: its watchdog (1.5 s, quicker than the
    /// run's 10 s) must see the planted call, and name it in the stacks.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb"), "needs gdb"))
    func aPoolHeldByABlockingCallIsCaughtWithItsStacks() async throws {
        if ChildRun.role == "planted" {
            let problem = await PoolWatchdogTests.plantAndCatch()
            print(problem ?? "caught")
            exit(problem == nil ? 0 : 1)
        }
        let child = try await ChildRun.run(
            "PoolWatchdogTests/aPoolHeldByABlockingCallIsCaughtWithItsStacks", as: "planted")
        #expect(child.status == 0, "the child said: \(child.output)")
        #expect(child.output.contains("caught"), "the child ran no test: \(child.output)")
    }

    /// Holds every thread of the pool with a planted call until the
    /// watchdog sees it; what went wrong, or `nil`.
    static func plantAndCatch() async -> String? {
        let folder = TemporaryDirectory()
        let width = ProcessInfo.processInfo.activeProcessorCount
        let release = DispatchSemaphore(value: 0)
        let seen = Gate()
        let stall = Locked<PoolWatchdog.Stall?>(nil)
        let watchdog = PoolWatchdog(
            threshold: .milliseconds(1500), interval: .milliseconds(50), folder: folder.path
        ) { caught in
            stall.withLock { $0 = caught }
            // The planted calls end once the stall is seen (and its stacks taken).
            for _ in 0..<width { release.signal() }
            seen.open()
        }
        defer { watchdog.stop() }
        for _ in 0..<width {
            Task.detached { plantedBlockingCall(until: release) }
        }
        await seen.passed()
        guard let found = stall.withLock({ $0 }) else { return "the watchdog did not see the pool held" }
        guard found.seconds >= 1.5 else { return "it saw \(found.seconds) s, less than its threshold" }
        guard let stacks = try? String(contentsOfFile: found.stacks, encoding: .utf8),
            stacks.contains("plantedBlockingCall")
        else { return "the stacks in \(found.stacks) do not show what held the pool" }
        return nil
    }

    /// A helper that waits, called in a task, is reported; on a thread of its own it is not.
    @Test func aHelperThatWaitsIsReportedInATaskOnly() async throws {
        PoolWatch.start()
        let child = try ChildProcess(["/bin/true"])
        withKnownIssue("the helper is called in a task on purpose") {
            child.waitForExit()
        }
        // Off the pool: no issue (one would fail this test).
        #expect(try await offThePool { child.waitForExit() } == 0)
    }
}

/// No test waits on a raw semaphore or group, which would hold a thread of
/// the pool when called in a task: they use ``Gate`` (its `wait` is
/// checked, `passed` waits off the pool). Two files may, each for a reason:
/// the watchdog's own test plants a blocking call on purpose, and
/// `WaitingStoreTests` has a store that waits, which the library must call
/// on a thread of its own.
@Test func noTestWaitsOnARawSemaphore() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let allowed: Set = ["PoolWatchdogTests.swift", "WaitingStoreTests.swift"]
    var offenders: [String] = []
    let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift", !allowed.contains(file.lastPathComponent) else { continue }
        let text = try String(contentsOf: file, encoding: .utf8)
        if text.contains("DispatchSemaphore(") || text.contains("DispatchGroup(") {
            offenders.append(file.lastPathComponent)
        }
    }
    #expect(offenders.isEmpty, "use Gate instead in \(offenders)")
}

/// A test's time limit is the hang guard (``Trait/hangGuard``), never one of
/// its own: a shorter one is crossed on a busy machine by a test that only
/// waited its turn.
@Test func everyTimeLimitIsTheHangGuard() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    var offenders: [String] = []
    let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift", file.lastPathComponent != "HangGuard.swift" else { continue }
        let text = try String(contentsOf: file, encoding: .utf8)
        if text.contains("." + "timeLimit(") { offenders.append(file.lastPathComponent) }
    }
    #expect(offenders.isEmpty, "use .hangGuard instead in \(offenders)")
}

/// Holds the thread it runs on until `release` is signalled: what the stacks must name.
@inline(never) func plantedBlockingCall(until release: DispatchSemaphore) {
    release.wait()
}
