/// The CLI reference, `Documentation/CLI.md`, made from the help screens and
/// ``ExitCode``: a test compares the file with it, so the document cannot
/// drift from the tool.
package enum CLIReference {
    /// The whole document, in Markdown.
    package static var markdown: String {
        var lines = [
            "# session-cli reference",
            "",
            "<!-- Generated from the help text and the exit codes (CLIReference.swift); a test fails when",
            "     this file differs. Regenerate: SESSION_WRITE_CLI_REFERENCE=1 swift test --filter CLIReferenceTests -->",
            "",
            "Options take `--opt value` or `--opt=value`; `--` ends the options. Global options may come",
            "before or after the command. `-h`/`--help` works on the tool and on every command, and so does",
            "`help COMMAND`. No error repeats a value you typed (it could be a token), and every error is one",
            "line on standard error, with one of the exit codes below.",
            "",
            "## Overview",
            "",
        ]
        lines += block(HelpText.overview)
        for spec in CommandTable.specs {
            lines += ["", "## \(spec.name)", ""] + block(HelpText.help(for: spec))
        }
        lines += ["", "## Exit codes", "", "| code | meaning |", "|---|---|"]
        lines += ExitCode.allCases.map { "| \($0.rawValue) | \($0.meaning) |" }
        lines += ["", "## Environment", "", "| variable | meaning |", "|---|---|"]
        lines += EnvironmentVariable.documented.map { "| `\($0.variable.rawValue)` | \($0.help) |" }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func block(_ text: String) -> [String] {
        ["```text", text, "```"]
    }
}
