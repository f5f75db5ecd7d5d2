import SessionSystem

/// The CLI reference, `Documentation/CLI.md`, made from the English help
/// screens at 80 columns, the exit codes and the environment: a test
/// compares the file with it, so the document cannot drift from the tool.
package enum CLIReference {
    /// The whole document, in Markdown.
    package static var markdown: String {
        let help = HelpText(language: .english, width: 80)
        var lines = [
            "# session-cli reference",
            "",
            "<!-- Generated from the help text and the exit codes (CLIReference.swift); a test fails when",
            "     this file differs. Regenerate: SESSION_WRITE_CLI_REFERENCE=1 swift test --filter CLIReferenceTests -->",
            "",
            "Options take `--opt value` or `--opt=value`, and a one-letter option `-o value`; `--` ends the",
            "options. Global options may come before or after the command. `-h`/`--help` works on the tool",
            "and on every command, and so does `help COMMAND`. No error repeats a value you typed (it could",
            "be a token), and every error is one line on standard error, with one of the exit codes below.",
            "Everything the tool says is in English and in Japanese (`--lang ja`, or a `ja` locale); the",
            "help is wrapped to the terminal's width. `session-cli completion bash|zsh|fish` prints a",
            "completion script, and `session-cli help --man` this reference as a manual page.",
            "",
            "## Overview",
            "",
        ]
        lines += block(help.overview)
        for spec in CommandTable.specs {
            lines += ["", "## \(spec.name)", ""] + block(help.help(for: spec))
        }
        lines += ["", "## Exit codes", "", "| code | meaning |", "|---|---|"]
        lines += ExitCode.allCases.map { "| \($0.rawValue) | \($0.meaning.texts.english) |" }
        lines += ["", "## Environment", "", "| variable | meaning |", "|---|---|"]
        lines += EnvironmentVariable.documented.map {
            "| `\($0.variable.rawValue)` | \($0.help.text(in: .english)) |"
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func block(_ text: String) -> [String] {
        ["```text", text, "```"]
    }
}
