import Foundation
import Testing

/// The operating system is reached through SessionSystem (and libcurl and
/// libcrypto through SessionSystemNetwork) only: no other target of the
/// library or the tool imports the C library, libcurl or libcrypto, and no
/// file anywhere re-exports them.
@Suite struct SystemFenceTests {
    /// The targets allowed to import the C library and the C libraries' modules.
    static let systemTargets: Set<String> = ["SessionSystem", "SessionSystemNetwork"]
    /// Targets that are not part of the library or the tool: the tests'
    /// servers and the benchmark may set up hostile conditions with C calls.
    static let outsideTheProduct: Set<String> = ["SessionTestSupport", "session-bench", "CCurl", "CCrypto"]
    static let fenced = ["Glibc", "Darwin", "Musl", "CCurl", "CCrypto"]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The fenced module an import line names, and whether it re-exports it; `nil` for any other line.
    static func fencedImport(in line: some StringProtocol) -> (module: String, exported: Bool)? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        let exported = words.first == "@_exported"
        if exported { words = words.dropFirst() }
        if let first = words.first,
            ["public", "package", "internal", "private", "fileprivate"].contains(first)
        {
            words = words.dropFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        var module = words[words.index(after: words.startIndex)]
        if ["struct", "class", "enum", "func", "var", "let", "typealias", "protocol"].contains(module),
            words.count >= 3
        {
            module = words[words.index(words.startIndex, offsetBy: 2)]
        }
        let name = String(module.prefix { $0 != "." })
        return fenced.contains(name) ? (name, exported) : nil
    }

    /// Every fenced import outside the system targets, and every re-export anywhere, as "file:line".
    static func violations() throws -> [String] {
        var found: [String] = []
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        for target in targets.sorted() where !outsideTheProduct.contains(target) {
            let folder = sources.appendingPathComponent(target)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated()
                {
                    guard let found1 = fencedImport(in: line) else { continue }
                    if found1.exported || !systemTargets.contains(target) {
                        found.append("\(target)/\(file):\(number + 1) imports \(found1.module)")
                    }
                }
            }
        }
        return found
    }

    @Test func onlyTheSystemTargetsImportTheCLibraries() throws {
        let found = try Self.violations()
        #expect(found.isEmpty, "outside SessionSystem: \(found.joined(separator: "; "))")
    }

    @Test func theSystemTargetsAreWhereTheImportsAre() throws {
        // The scan sees the imports that are there: a fence that found none would prove nothing.
        let folder = Self.sources.appendingPathComponent("SessionSystem")
        let text = try String(contentsOf: folder.appendingPathComponent("Platform.swift"), encoding: .utf8)
        #expect(text.split(separator: "\n").contains { Self.fencedImport(in: $0)?.module == "Glibc" })
    }

    @Test(arguments: [
        ("import Glibc", "Glibc", false),
        ("    import Darwin", "Darwin", false),
        ("@_exported public import Glibc", "Glibc", true),
        ("package import CCurl", "CCurl", false),
        ("import func Glibc.open", "Glibc", false),
        ("internal import CCrypto", "CCrypto", false),
    ])
    func aFencedImportIsSeen(line: String, module: String, exported: Bool) {
        let found = Self.fencedImport(in: line)
        #expect(found?.module == module)
        #expect(found?.exported == exported)
    }

    @Test(arguments: ["import Foundation", "import SessionSystem", "// import Glibc", "let imported = Glibc"])
    func otherLinesAreNot(line: String) {
        #expect(Self.fencedImport(in: line) == nil)
    }
}
