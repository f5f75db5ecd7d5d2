import Foundation

/// The package's built executables, found next to the test bundle (SwiftPM
/// builds them first because the test target depends on them).
enum Executables {
    static var productsDirectory: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static var sessionCLI: URL { productsDirectory.appendingPathComponent("session-cli") }
    static var sessionCLIAPI: URL { productsDirectory.appendingPathComponent("session-cli-api") }
}
