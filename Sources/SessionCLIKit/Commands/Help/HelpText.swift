import SessionSupport
import SessionSystem

/// The help screens, laid out for a terminal `width` columns wide in
/// `language`. They are product: tests pin them down, and no line is wider
/// than the terminal (``TextLayout`` wraps every paragraph with a hanging
/// indent, and every column of names lines up).
package struct HelpText {
    /// The language of the words.
    package let language: Language
    /// The terminal's width, in columns.
    package let width: Int

    /// A help screen in `language`, for a terminal `width` columns wide (at least 40).
    package init(language: Language, width: Int) {
        self.language = language
        self.width = max(40, width)
    }

    private func say(_ key: MessageKey, _ values: KeyValuePairs<String, String> = [:]) -> String {
        Message(key, values).text(in: language)
    }

    /// The tool's overview: commands, global options, environment.
    package var overview: String {
        var lines = wrapped(say(.helpToolSummary, ["version": sessionVersion]))
        lines += [
            "", say(.helpUsageHeading) + " session-cli <command> [options]", "", say(.helpCommandsHeading),
        ]
        lines += definitions(CommandTable.specs.map { ($0.name, say($0.summary)) })
        lines += ["", say(.helpGlobalOptionsHeading)]
        lines += definitions(
            CommandSpec.globalOptions.map(describe)
                + [("-h, --help", say(.optionHelp)), ("--version", say(.optionVersion))])
        lines += ["", say(.helpEnvironmentHeading)]
        lines += definitions(
            EnvironmentVariable.documented.map { ($0.variable.rawValue, $0.help.text(in: language)) })
        lines += [""] + wrapped(say(.helpOverviewFooter))
        return lines.joined(separator: "\n")
    }

    /// One command's help: usage, options, what it does, examples, and the
    /// exit statuses it can end with, in one line.
    package func help(for command: CommandSpec) -> String {
        var lines = wrapped("session-cli \(command.name): " + say(command.summary))
        let usage = "\(say(.helpUsageHeading)) session-cli \(command.name)"
        var items = command.options.map { "[\($0.usage)]" + ($0.repeatable ? "..." : "") }
        if let argument = command.argument { items.append(argument) }
        lines += [""] + TextLayout.wrap(items: [usage] + items, width: width, indent: 6)
        if !command.options.isEmpty {
            lines += ["", say(.helpOptionsHeading)] + definitions(command.options.map(describe))
        }
        let globals = (CommandSpec.globalOptions.map(\.usage) + ["-h/--help"]).joined(separator: ", ")
        lines += [""] + wrapped(say(.helpGlobalOptionsHeading) + " " + globals, indent: 2)
        if let discussion = command.discussion {
            lines += paragraphs(discussion.text(in: language))
        }
        if !command.examples.isEmpty {
            lines += ["", say(.helpExamplesHeading)] + command.examples.map { "  " + $0 }
        }
        let codes = command.exitCodes.map { String($0.rawValue) }.joined(separator: ", ")
        lines += [""] + wrapped(say(.helpCommandExitCodes, ["codes": codes]), indent: 2)
        return lines.joined(separator: "\n")
    }

    /// `help exit-codes`: every exit status and what it means.
    package var exitCodes: String {
        var lines = wrapped(say(.helpExitCodesIntro))
        lines += [""] + definitions(ExitCode.allCases.map { (String($0.rawValue), say($0.meaning)) })
        return lines.joined(separator: "\n")
    }

    /// An option's names and placeholder, and its help (with its variable, if any).
    private func describe(_ option: OptionSpec) -> (String, String) {
        var help = say(option.help)
        if let variable = option.environment {
            help += say(.helpOptionVariable, ["variable": variable.rawValue])
        }
        return (option.names, help)
    }

    /// Terms and their text in two columns: the terms' column as wide as the
    /// widest term that fits (at most a third of the line), the text wrapped
    /// with a hanging indent; a longer term stands on a line of its own.
    private func definitions(_ items: [(term: String, text: String)]) -> [String] {
        let cap = max(12, width / 3)
        let column =
            2 + min(cap, items.map { TextLayout.columns($0.term) }.filter { $0 <= cap }.max() ?? cap) + 2
        var lines: [String] = []
        for (term, text) in items {
            let termWidth = 2 + TextLayout.columns(term)
            if termWidth + 2 <= column {
                let body = TextLayout.wrap(text, width: width, indent: column, firstIndent: column)
                lines.append(TextLayout.padded("  " + term, to: column) + body[0])
                lines += body.dropFirst()
            } else {
                lines.append("  " + term)
                lines += TextLayout.wrap(text, width: width, indent: column, firstIndent: column).map {
                    String(repeating: " ", count: column) + $0.drop { $0 == " " }
                }
            }
        }
        return lines
    }

    /// `text` wrapped to the width, the lines after the first indented.
    private func wrapped(_ text: String, indent: Int = 0) -> [String] {
        TextLayout.wrap(text, width: width, indent: indent)
    }

    /// A discussion: paragraphs separated by blank lines, each wrapped; a
    /// line that starts with two spaces (a command, a setting) kept as it is;
    /// a paragraph that starts with `- ` hangs under its dash.
    private func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n\n", omittingEmptySubsequences: true) {
            lines.append("")
            var prose: [Substring] = []
            func flush() {
                guard !prose.isEmpty else { return }
                let joined = prose.joined(separator: " ")
                lines += wrapped(joined, indent: joined.hasPrefix("- ") ? 2 : 0)
                prose = []
            }
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("  ") {
                    flush()
                    lines.append(String(line))
                } else if line.hasPrefix("- ") {
                    flush()
                    prose = [line]
                } else {
                    prose.append(line)
                }
            }
            flush()
        }
        return lines
    }
}
