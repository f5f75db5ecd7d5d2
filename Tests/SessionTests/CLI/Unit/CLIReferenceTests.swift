import Foundation
import SessionCLIKit
import Testing

/// `Documentation/CLI.md` is what the tool says about itself: its help
/// screens and exit codes. Regenerate it with
/// `SESSION_WRITE_CLI_REFERENCE=1 swift test --filter CLIReferenceTests`.
@Suite struct CLIReferenceTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Documentation/CLI.md")

    @Test func theDocumentIsTheHelpTextAndTheExitCodes() throws {
        let expected = CLIReference.markdown
        if ProcessInfo.processInfo.environment["SESSION_WRITE_CLI_REFERENCE"] == "1" {
            try Data(expected.utf8).write(to: Self.file, options: .atomic)
        }
        let written = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(
            written == expected,
            "Documentation/CLI.md differs from the help text; regenerate it (see this test's comment)")
        // What differs, when it does.
        for code in ExitCode.allCases {
            #expect(written.contains("| \(code.rawValue) | \(code.meaning.texts.english) |"))
        }
        let help = HelpText(language: .english, width: 80)
        for spec in CommandTable.specs {
            #expect(written.contains("## \(spec.name)\n\n```text\n\(help.help(for: spec))\n```"))
        }
    }
}
