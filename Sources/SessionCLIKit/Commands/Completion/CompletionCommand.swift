import SessionCore

/// `completion bash|zsh|fish`: a completion script for the shell, made
/// from the command table; `completion --values server|account`: the
/// servers or accounts of the store, one a line, which those scripts ask
/// for (so no script ever reads the session file itself).
package struct CompletionCommand: Command {
    /// `completion`'s options.
    package enum Option: String, CommandOption {
        case values

        /// The option's help.
        package var spec: OptionSpec {
            switch self {
            case .values: OptionSpec(rawValue, value: "server|account", help: .completionValuesHelp)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "completion", summary: .completionSummary, options: Option.self, argument: "bash|zsh|fish",
        argumentChoices: CompletionScript.Shell.allCases.map(\.rawValue),
        discussion: Message(.completionDiscussion),
        examples: [
            "source <(session-cli completion bash)",
            "session-cli completion zsh > \"${fpath[1]}/_session-cli\"",
            "session-cli completion fish > ~/.config/fish/completions/session-cli.fish",
        ],
        failures: [words, .store])

    /// What to print.
    enum Output {
        case script(CompletionScript.Shell)
        case servers
        case accounts
    }

    let output: Output

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        switch (arguments.arguments.first, arguments.value(.values)) {
        case (let shell?, nil):
            output = .script(try OptionValues.choice(shell, "completion"))
        case (nil, "server"): output = .servers
        case (nil, "account"): output = .accounts
        case (nil, _?):
            throw CLIError(
                .invalidChoice, ["option": "--values"],
                messages: ["choices": .alternatives(["server", "account"])])
        case (_?, _?): throw CLIError(.completionShellOrValues)
        case (nil, nil): throw CLIError(.completionNeedsShell)
        }
    }

    package func run(context: CommandContext) throws -> ExitCode {
        switch output {
        case .script(let shell):
            context.console.out(forProgram: CompletionScript(shell: shell, language: context.language).text)
        case .servers, .accounts:
            let sessions = try context.store().readSessions().byUse
            var seen = Set<String>()
            for entry in sessions {
                guard let word = output.isServers ? entry.key.origin : entry.key.account,
                    seen.insert(word).inserted
                else { continue }
                context.console.out(word)
            }
        }
        return .success
    }
}

extension CompletionCommand.Output {
    var isServers: Bool {
        if case .servers = self { return true }
        return false
    }
}

// The help of each option above, in English and Japanese.
extension MessageKey {
    static var completionValuesHelp: MessageKey {
        MessageKey(
            "Print the store's servers or accounts, one a line (what the scripts ask for).",
            "保存先のサーバーかアカウントを 1 行に 1 つ出力します (スクリプトが使うもの)。")
    }
}
