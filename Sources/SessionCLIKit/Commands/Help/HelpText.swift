/// The help screens. They are product: tests pin them down.
package enum HelpText {
    /// The tool's overview: commands, global options and exit codes.
    package static var overview: String {
        var lines = [
            "session-cli \(sessionCLIVersion): keep a login session and sign requests with it.",
            "",
            "USAGE: session-cli <command> [options]",
            "",
            "COMMANDS:",
        ]
        lines += CommandTable.specs.map { "  " + pad($0.name, 10) + $0.summary }
        lines += ["", "GLOBAL OPTIONS:"] + optionLines(CommandSpec.globalOptions)
        lines += [
            pad("  -h, --help", 34) + "Show help for the tool or a command.",
            pad("  --version", 34) + "Print the version.",
        ]
        lines +=
            ["", "ENVIRONMENT:"]
            + EnvironmentVariable.documented.map { "  " + pad($0.variable.rawValue, 28) + $0.help }
        lines += ["", "EXIT CODES:"] + exitCodeLines
        lines += ["", "Run 'session-cli help <command>' for a command's options."]
        return lines.joined(separator: "\n")
    }

    /// One command's help: usage, options, discussion, exit codes.
    package static func help(for command: CommandSpec) -> String {
        let options = command.options.map { " [\($0.usage)]" + ($0.repeatable ? "..." : "") }.joined()
        var lines = [
            "session-cli \(command.name): \(command.summary)",
            "",
            "USAGE: session-cli \(command.name)\(options)" + (command.argument.map { " \($0)" } ?? ""),
        ]
        if !command.options.isEmpty { lines += ["", "OPTIONS:"] + optionLines(command.options) }
        lines += ["", "GLOBAL OPTIONS:"] + optionLines(CommandSpec.globalOptions)
        if !command.discussion.isEmpty {
            lines +=
                [""]
                + command.discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        lines += ["", "EXIT CODES:"] + exitCodeLines
        return lines.joined(separator: "\n")
    }

    /// `text` followed by spaces up to `width` columns (at least one space).
    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    private static func optionLines(_ options: [OptionSpec]) -> [String] {
        options.map { "  " + pad($0.usage, 32) + $0.help }
    }

    private static var exitCodeLines: [String] {
        ExitCode.allCases.map { "  " + pad(String($0.rawValue), 5) + $0.meaning }
    }
}
