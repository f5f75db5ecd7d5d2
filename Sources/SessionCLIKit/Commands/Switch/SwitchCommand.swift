import SessionCore
import SessionSupport

/// `switch [--server URL] [--account NAME]`: make a session the default.
///
/// The only command that changes which session is the default, besides a
/// login. It takes its options only, never `SESSION_CLI_SERVER` or
/// `SESSION_CLI_ACCOUNT`: those select a session for a shell, and switching
/// because of them would change the default for every other shell.
package struct SwitchCommand: Command {
    /// `switch`'s options.
    package enum Option: String, CommandOption {
        case server
        case account

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .server: OptionSpec(rawValue, value: "URL", completion: .server, help: .switchServerHelp)
            case .account: OptionSpec(rawValue, value: "NAME", completion: .account, help: .switchAccountHelp)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "switch", summary: .switchSummary, options: Option.self, discussion: Message(.switchDiscussion),
        examples: [
            "session-cli switch",
            "session-cli switch --server https://staging.example.com",
            "session-cli switch --account bob",
        ],
        failures: [words, .session, .store, .storeLock, .prompt])

    let selection: SessionSelection

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        selection = try SessionSelection(server: arguments.value(.server), account: arguments.value(.account))
    }

    package func run(context: CommandContext) throws -> ExitCode {
        try context.refuseWhileOverridden(.actionSwitch)
        let store = try context.store()
        let sessions = try store.readSessions()
        let listed = sessions.byUse
        let target: SessionSet.Entry
        if selection.isEmpty {
            let others = listed.filter { $0.key != sessions.defaultKey }
            switch others.count {
            case 0:
                guard let only = listed.first else { throw CLIError(.switchNoSessions) }
                throw CLIError(
                    .switchOnlyOne, messages: ["session": ErrorReport.describe(only.key)])
            case 1:
                target = others[0]
            default:
                guard context.input.isTerminal else {
                    throw CLIError(
                        .switchChoose, ["count": String(listed.count)],
                        messages: [
                            "options": SessionSelection.distinguishing(listed),
                            "sessions": ErrorReport.describe(listed.map(\.key)),
                        ])
                }
                guard let chosen = try ask(among: listed, defaultKey: sessions.defaultKey, context: context)
                else {
                    context.say(.switchNothingChanged)
                    return .success
                }
                target = chosen
            }
        } else {
            guard let picked = try selection.pick(from: sessions) else {
                throw CLIError(.switchNoSessions)
            }
            target = picked
        }
        let name = ErrorReport.describe(target.key)
        guard target.key != sessions.defaultKey else {
            context.say(Message(.switchAlreadyDefault, messages: ["session": name]))
            return .success
        }
        try store.makeDefault(target.key)
        context.say(Message(.switchSwitched, messages: ["session": name]))
        return .success
    }

    /// Shows the sessions as a numbered list, the default marked, and reads
    /// a number, as `gh auth switch` does: `nil` for an empty answer (or the
    /// end of input), which changes nothing. Ctrl-C ends the tool at the
    /// prompt, having changed nothing (``Signals``).
    private func ask(among listed: [SessionSet.Entry], defaultKey: SessionKey?, context: CommandContext)
        throws
        -> SessionSet.Entry?
    {
        context.tell(Message(.switchListHeading))
        for (number, entry) in listed.enumerated() {
            let name = ErrorReport.describe(entry.key)
            context.tell(
                Message(
                    entry.key == defaultKey ? .switchListDefault : .switchListItem,
                    ["number": String(number + 1)],
                    messages: ["session": name]))
        }
        let prompt = context.text(Message(.switchPrompt, ["last": String(listed.count)]))
        for _ in 0..<3 {
            let answer = try context.input.visibleLine(
                prompt: prompt, limit: SessionLimits.promptAnswerLength, console: context.console)
            if answer.isEmpty { return nil }
            if let number = Int(answer), listed.indices.contains(number - 1) { return listed[number - 1] }
            context.tell(Message(.switchNotANumber, ["last": String(listed.count)]))
        }
        throw CLIError(.switchNoAnswer)
    }
}

// The help of each option above, in English and Japanese.
extension MessageKey {
    static var switchServerHelp: MessageKey {
        MessageKey(
            "The server of the session (its origin).",
            "セッションのサーバー (のオリジン)。")
    }
    static var switchAccountHelp: MessageKey {
        MessageKey(
            "The account of the session.",
            "セッションのアカウント。")
    }
}
