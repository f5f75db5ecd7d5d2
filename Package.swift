// swift-tools-version: 6.0
import PackageDescription

// The layers, top-down (a target knows only those above it):
//   SessionSupport        package-only machinery in plain Swift: JSON, ISO 8601, SHA-256, terminal-safe text
//   SessionSystem         the operating system: files, locks, inotify, D-Bus, sockets, processes, signals,
//                         the terminal, the environment; the only target that imports the C library
//   SessionCore           State (tokens, credentials, the stores) and Strategy (the login button)
//   SessionSystemNetwork  libcurl and libcrypto (Linux): the only target that imports them, apart from
//                         SessionSystem so that session-cli loads neither
//   SessionHTTP           the library's own HTTP types (request, response, fields), Transport, redirects
//   SessionURLSession     URLSessionTransport: part of Session on Apple platforms, a product of its own
//                         on Linux, so that `import Session` there links no FoundationNetworking
//   SessionNetworking     the request pipeline, request sequences, OAuth sign-in, refresh, revocation;
//                         CurlTransport (Linux); Keys: PEM, JWK, JWTs, signing (libcrypto or CryptoKit)
//   Session               re-exports them: users write `import Session`; holds the DocC catalog
//   SessionCLIKit         session-cli's commands, their table and dispatcher, the output
//   SessionCLINetworking  the networking half of the commands that need it
//   session-cli           links no networking, so `status` starts fast
//   session-cli-api       the networking companion session-cli runs for login, logout, token, api
// Start-up cost (bench/README.md): lld, and relative relocations packed
// (DT_RELR, glibc 2.36+), so the loader fixes up a static binary's pointers
// from a bitmap instead of one 24-byte entry each. Still position-independent:
// ASLR stays.
let fastStart: [LinkerSetting] = [
    .unsafeFlags(
        ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux]))
]

let applePlatforms: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst]

let package = Package(
    name: "Session",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // Users write `import Session`, which re-exports the others; they are listed so that
        // `swift package diagnose-api-breaking-changes --products Session` checks their API too.
        .library(name: "Session", targets: ["Session", "SessionCore", "SessionHTTP", "SessionNetworking"]),
        // URLSessionTransport on Linux, for an app that wants it there (it is part of Session on
        // Apple platforms): the one product that links FoundationNetworking.
        .library(name: "SessionURLSession", targets: ["SessionURLSession"]),
        .executable(name: "session-cli", targets: ["session-cli"]),
        .executable(name: "session-cli-api", targets: ["session-cli-api"]),
    ],
    targets: [
        .target(name: "SessionSupport"),
        // The operating system: the only target that imports the C library.
        .target(name: "SessionSystem", dependencies: ["SessionSupport"]),
        .target(name: "SessionCore", dependencies: ["SessionSystem", "SessionSupport"]),
        // The system's libcurl (Linux only), for CurlTransport: not a package, the library every
        // distribution ships; linked by the networking half only.
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .yum(["libcurl-devel"])]),
        // OpenSSL's libcrypto (Linux only), for signing DPoP proofs and client assertions;
        // CryptoKit does it on Apple platforms. Also linked by the networking half only.
        .systemLibrary(
            name: "CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .yum(["openssl-devel"])]),
        // The networking half's system glue: libcurl and libcrypto (Linux), the only
        // target that imports them, linked by the networking half only.
        .target(
            name: "SessionSystemNetwork",
            dependencies: [
                .target(name: "CCurl", condition: .when(platforms: [.linux])),
                .target(name: "CCrypto", condition: .when(platforms: [.linux])),
            ]),
        .target(name: "SessionHTTP", dependencies: ["SessionCore", "SessionSupport", "SessionSystem"]),
        .target(
            name: "SessionURLSession",
            dependencies: ["SessionHTTP", "SessionCore", "SessionSupport", "SessionSystem"]),
        .target(
            name: "SessionNetworking",
            dependencies: [
                "SessionCore", "SessionSupport", "SessionSystem", "SessionSystemNetwork", "SessionHTTP",
                .target(name: "SessionURLSession", condition: .when(platforms: applePlatforms)),
            ]),
        .target(
            name: "Session",
            dependencies: [
                "SessionCore", "SessionHTTP", "SessionNetworking",
                .target(name: "SessionURLSession", condition: .when(platforms: applePlatforms)),
            ]),
        .target(name: "SessionCLIKit", dependencies: ["SessionCore", "SessionSupport", "SessionSystem"]),
        .target(
            name: "SessionCLINetworking",
            dependencies: [
                "SessionCLIKit", "SessionCore", "SessionHTTP", "SessionNetworking", "SessionSupport",
                "SessionSystem",
            ]),
        .executableTarget(name: "session-cli", dependencies: ["SessionCLIKit"], linkerSettings: fastStart),
        .executableTarget(
            name: "session-cli-api",
            dependencies: ["SessionCLIKit", "SessionCLINetworking", "SessionCore", "SessionSupport"],
            linkerSettings: fastStart),
        // The tests' servers (a plain HTTP one and a real OAuth provider) and a real browser,
        // shared by the tests and the benchmark.
        .target(
            name: "SessionTestSupport", dependencies: ["SessionCore", "SessionSupport", "SessionSystem"],
            resources: [.copy("Scripts")]),
        .executableTarget(
            name: "session-bench",
            dependencies: ["Session", "SessionSupport", "SessionTestSupport", "SessionURLSession"]),
        .testTarget(
            name: "SessionTests",
            dependencies: [
                "Session", "SessionSupport", "SessionSystem", "SessionCLIKit", "SessionCLINetworking",
                "SessionTestSupport",
                "SessionURLSession", "session-cli", "session-cli-api",
            ],
            resources: [.copy("Fixtures")]
        ),
        // Short programs a user can copy, run as tests against real peers.
        .testTarget(
            name: "SessionExamples", dependencies: ["Session", "SessionSupport", "SessionTestSupport"],
            path: "Examples"),
    ],
    swiftLanguageModes: [.v6]
)

// Let the compiler keep the code honest, in every target (as swift-log does).
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    target.swiftSettings = settings
}
