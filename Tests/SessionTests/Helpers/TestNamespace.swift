import Foundation

/// Whether the tests that make a network namespace of their own can run
/// here: root, `unshare`, iproute2's `ip`, and the tools the test names.
enum TestNamespace {
    static func canRun(with tools: [String]) -> Bool {
        geteuid() == 0
            && (["/usr/bin/unshare", "/usr/sbin/ip"] + tools).allSatisfy {
                FileManager.default.isExecutableFile(atPath: $0)
            }
    }
}
