import SessionSupport
import SessionSystem

/// The manual page, `session-cli help --man`: the help screens as roff,
/// for `man -l` and for a package to install as `session-cli.1`.
package struct ManualPage {
    /// The language of the words.
    package let language: Language

    package init(language: Language) {
        self.language = language
    }

    private func say(_ key: MessageKey, _ values: KeyValuePairs<String, String> = [:]) -> String {
        Message(key, values).text(in: language)
    }

    /// The page's roff source.
    package var text: String {
        var lines = [
            ".TH SESSION-CLI 1 \"\" \"session-cli \(sessionVersion)\" \"\(escape(say(.manSectionTitle)))\"",
            // Ragged right, no hyphens: Japanese has no spaces to stretch, and a
            // command line must not be hyphenated.
            ".ad l",
            ".nh",
            ".SH \(escape(say(.manName)))",
            "session-cli \\- " + escape(say(.manNameLine)),
            ".SH \(escape(say(.manSynopsis)))",
            ".B session-cli",
            ".I command",
            "[\\fIoptions\\fR]",
            ".SH \(escape(say(.manDescription)))",
        ]
        lines += paragraphs(say(.manDescriptionText))
        lines.append(".SH \(escape(say(.manCommands)))")
        for spec in CommandTable.specs {
            lines.append(".SS \"session-cli \(escape(spec.name))\"")
            lines += paragraphs(say(spec.summary))
            // Filled, so it wraps; each item kept whole with roff's unbreakable space.
            var items = ["session-cli", spec.name]
            items += spec.options.map { "[\($0.usage)]" + ($0.repeatable ? "..." : "") }
            if let argument = spec.argument { items.append(argument) }
            lines += [".PP", items.map { escape($0).replacing(" ", with: "\\ ") }.joined(separator: " ")]
            for option in spec.options { lines += describe(option) }
            if let discussion = spec.discussion { lines += paragraphs(discussion.text(in: language)) }
            if !spec.examples.isEmpty {
                lines += [".PP", escape(say(.helpExamplesHeading)), ".PP", ".nf", ".RS 4"]
                lines += spec.examples.map(escape)
                lines += [".RE", ".fi"]
            }
            let codes = spec.exitCodes.map { String($0.rawValue) }.joined(separator: ", ")
            lines += [".PP", escape(say(.helpCommandExitCodes, ["codes": codes]))]
        }
        lines.append(".SH \(escape(say(.manGlobalOptions)))")
        for option in CommandSpec.globalOptions { lines += describe(option) }
        lines += [".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", escape(say(.optionHelp))]
        lines += [".TP", "\\fB\\-\\-version\\fR", escape(say(.optionVersion))]
        lines.append(".SH \(escape(say(.manEnvironment)))")
        for (variable, help) in EnvironmentVariable.documented {
            lines += [".TP", "\\fB\(escape(variable.rawValue))\\fR", escape(help.text(in: language))]
        }
        lines.append(".SH \(escape(say(.manExitStatus)))")
        for code in ExitCode.allCases {
            lines += [".TP", "\\fB\(code.rawValue)\\fR", escape(say(code.meaning))]
        }
        lines.append(".SH \(escape(say(.manFiles)))")
        lines += [".TP", "\\fI~/.local/state/session-cli/session.json\\fR", escape(say(.manFilesText))]
        lines += [
            ".SH \(escape(say(.manSeeAlso)))",
            "\\fBgit-credential\\fR(1), \\fBkubectl\\fR(1), \\fBcurl\\fR(1)",
        ]
        return lines.joined(separator: "\n")
    }

    private func describe(_ option: OptionSpec) -> [String] {
        var names = (option.short.map { ["\\fB\\-\($0)\\fR"] } ?? [])
        names.append(
            "\\fB\(escape("--" + option.name))\\fR"
                + (option.valueName.map { " \\fI\(escape($0))\\fR" } ?? ""))
        names += option.aliases.map { "\\fB\(escape("--" + $0))\\fR" }
        var help = say(option.help)
        if let variable = option.environment {
            help += say(.helpOptionVariable, ["variable": variable.rawValue])
        }
        return [".TP", names.joined(separator: ", "), escape(help)]
    }

    /// The help's paragraphs as roff: `.PP` before each, a line that starts
    /// with two spaces kept as it is (no fill).
    private func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n\n", omittingEmptySubsequences: true) {
            lines.append(".PP")
            var verbatim = false
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false) {
                let keep = line.hasPrefix("  ")
                if keep != verbatim { lines.append(keep ? ".nf" : ".fi") }
                verbatim = keep
                lines.append(escape(String(line)))
            }
            if verbatim { lines.append(".fi") }
        }
        return lines
    }

    /// Text as roff reads it as text: backslashes and hyphens escaped, a
    /// line that would start a request (`.` or `'`) guarded, and a place to
    /// break the line after each CJK character (`\:`), which roff would
    /// otherwise never break between.
    private func escape(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "\\": output += "\\e"
            case "-": output += "\\-"
            default:
                output.append(character)
                if TextLayout.columns(String(character)) == 2 { output += "\\:" }
            }
        }
        if output.hasPrefix(".") || output.hasPrefix("'") { output = "\\&" + output }
        return output
    }
}
