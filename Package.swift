// swift-tools-version: 6.0
import PackageDescription

// The library is split so that the command-line tool's everyday commands never
// link FoundationNetworking (libcurl and ~30 libraries, ~5 ms at every start):
//   SessionCore        State + Strategy (Foundation only)
//   SessionNetworking  NetworkClient, Transport, behaviors (FoundationNetworking)
//   Session            re-exports both: users write `import Session`.
let package = Package(
    name: "Session",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Session", targets: ["Session"]),
        .executable(name: "session-cli", targets: ["session-cli"]),
        .executable(name: "session-cli-api", targets: ["session-cli-api"]),
    ],
    targets: [
        .target(name: "SessionCore"),
        .target(name: "SessionNetworking", dependencies: ["SessionCore"]),
        .target(name: "Session", dependencies: ["SessionCore", "SessionNetworking"]),
        .target(name: "SessionCLIKit", dependencies: ["SessionCore"]),
        .executableTarget(name: "session-cli", dependencies: ["SessionCore", "SessionCLIKit"]),
        .executableTarget(
            name: "session-cli-api",
            dependencies: ["SessionCore", "SessionNetworking", "SessionCLIKit"]
        ),
        // Starts the tests' Python HTTP server; shared by the tests and the benchmark.
        .target(name: "SessionTestSupport", dependencies: ["SessionCore"]),
        .executableTarget(name: "session-bench", dependencies: ["Session", "SessionTestSupport"]),
        .testTarget(
            name: "SessionTests",
            dependencies: [
                "Session", "SessionCLIKit", "SessionTestSupport", "session-cli", "session-cli-api",
            ],
            exclude: ["Scripts"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Let the compiler keep the code honest, in every target (as swift-log does).
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    target.swiftSettings = settings
}
