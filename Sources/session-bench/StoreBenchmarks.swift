import Foundation
import Session

/// The session store against `UserDefaults` `set` + `synchronize()`, the usual
/// way to keep a login flag, which is neither atomic nor safe across processes.
enum StoreBenchmarks {
    static func run(into table: inout BenchmarkTable) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "session-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileLoginStateStore(fileURL: folder.appendingPathComponent("session.json"))
        let credential = Credential(
            token: try AuthToken("bench_token_0123456789abcdefghij"), account: "bench@example.com",
            server: URL(string: "https://api.example.com"), expiresAt: Date(timeIntervalSinceNow: 3600))
        try store.save(credential)
        let memory = InMemoryLoginStateStore()

        let suite = "session-bench-\(getpid())"
        guard let defaults = UserDefaults(suiteName: suite) else { return }
        defer { defaults.removePersistentDomain(forName: suite) }
        // Two payloads in turn: writing an unchanged value lets UserDefaults skip the write.
        let payloads = [
            try Data(contentsOf: store.fileURL), Data(try Data(contentsOf: store.fileURL).reversed()),
        ]
        var turn = 0

        // Alternate subject and baseline in rounds, so machine noise hits both alike.
        var fileSaves: [Double] = []
        var defaultsWrites: [Double] = []
        var fileLoads: [Double] = []
        var memorySaves: [Double] = []
        var memoryLoads: [Double] = []
        var defaultsReads: [Double] = []
        for _ in 0..<5 {
            fileSaves.append(try Measure.median(samples: 40, warmUp: 3) { try store.save(credential) })
            defaultsWrites.append(
                Measure.median(samples: 40, warmUp: 3) {
                    turn += 1
                    defaults.set(payloads[turn % 2], forKey: "session")
                    defaults.synchronize()
                })
            fileLoads.append(try Measure.median(samples: 2000) { _ = try store.load() })
            defaultsReads.append(Measure.median(samples: 2000) { _ = defaults.data(forKey: "session") })
            memorySaves.append(try Measure.median(samples: 2000) { try memory.save(credential) })
            memoryLoads.append(Measure.median(samples: 2000) { _ = memory.load() })
        }
        let defaultsWrite = ("UserDefaults set+synchronize", Measure.median(of: defaultsWrites))
        let defaultsRead = ("UserDefaults data(forKey:)", Measure.median(of: defaultsReads))
        table.add(
            "FileLoginStateStore.save() (fsync file + folder)", median: Measure.median(of: fileSaves),
            baseline: defaultsWrite)
        table.add(
            "FileLoginStateStore.load() (warm cache)", median: Measure.median(of: fileLoads),
            baseline: defaultsRead)
        table.add(
            "InMemoryLoginStateStore.save()", median: Measure.median(of: memorySaves), baseline: defaultsWrite
        )
        table.add(
            "InMemoryLoginStateStore.load()", median: Measure.median(of: memoryLoads), baseline: defaultsRead)
    }
}
