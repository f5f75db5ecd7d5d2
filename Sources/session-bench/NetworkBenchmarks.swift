/// Filled in with the networking issue.
enum NetworkBenchmarks {
    static func run(appendingTo table: BenchmarkTable) async throws -> BenchmarkTable { table }
}
