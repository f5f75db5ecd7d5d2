/// Parses a command line the way swift-argument-parser users expect:
/// `--opt value` and `--opt=value`, a one-letter `-o value` or `-ovalue`,
/// `--` to end options, `-h`/`--help` on the tool and on every command,
/// global options before or after the command.
///
/// Errors never repeat a value from the command line: a mistyped option could
/// be a token. Names are quoted only when they look like names.
enum ArgumentParser {
    /// A command line as read: the command's spec and what was given.
    struct Result {
        /// The command's index among the specs parsed against.
        var command: Int?
        var raw = RawArguments()
        var wantsHelp = false
        var wantsVersion = false
    }

    /// Option names people reach for to pass a token. Each is refused with a
    /// pointer to `--with-token` instead of "unknown option". An array: six
    /// names are read in a row faster than a `Set` is built at every start.
    static let tokenOptionNames: [String] = [
        "token", "password", "access-token", "auth-token", "secret", "pat",
    ]

    /// Reads `arguments` against the `commands` the tool knows.
    static func parse(_ arguments: [String], commands: [CommandSpec]) throws(CLIError) -> Result {
        var invocation = Result()
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                try take(positional: argument, commands: commands, into: &invocation)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument == "-h" || argument == "--help" {
                invocation.wantsHelp = true
            } else if argument == "--version" {
                invocation.wantsVersion = true
            } else if argument.hasPrefix("--") {
                try take(option: argument, commands: commands, remaining: &remaining, into: &invocation)
            } else {
                try take(short: argument, commands: commands, remaining: &remaining, into: &invocation)
            }
        }
        return invocation
    }

    private static func take(positional: String, commands: [CommandSpec], into invocation: inout Result)
        throws(CLIError)
    {
        guard let index = invocation.command else {
            guard let index = commands.firstIndex(where: { $0.name == positional }) else {
                let names = commands.map(\.name)
                let shown: KeyValuePairs<String, Message> = ["command": quotedIfName(positional)]
                if let near = Suggestions.closest(to: positional, among: names) {
                    throw CLIError(.unknownCommandNear, ["suggestion": near], messages: shown)
                }
                throw CLIError(
                    .unknownCommand, ["commands": names.joined(separator: ", ")], messages: shown)
            }
            invocation.command = index
            return
        }
        let command = commands[index]
        guard command.argument != nil, invocation.raw.arguments.isEmpty else {
            if let refusal = command.argumentRefusal { throw CLIError(refusal) }
            throw CLIError(
                command.argument == nil ? .takesNoArguments : .takesOneArgument, ["command": command.name])
        }
        invocation.raw.arguments.append(positional)
    }

    private static func take(
        option argument: String, commands: [CommandSpec], remaining: inout ArraySlice<String>,
        into invocation: inout Result
    ) throws(CLIError) {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        if tokenOptionNames.contains(name) || (name == "with-token" && inlineValue != nil) {
            throw CLIError(.tokenIsNeverAnOption)
        }
        guard
            let spec = available(invocation, commands).first(where: {
                $0.name == name || $0.aliases.contains(name)
            })
        else {
            throw unknown("--" + name, bare: name, commands: commands, invocation)
        }
        try take(spec, given: "--\(name)", inlineValue: inlineValue, remaining: &remaining, into: &invocation)
    }

    /// `-x`, `-x value` or `-xvalue`: the one-letter name of an option.
    private static func take(
        short argument: String, commands: [CommandSpec], remaining: inout ArraySlice<String>,
        into invocation: inout Result
    ) throws(CLIError) {
        let letters = argument.dropFirst()
        guard let letter = letters.first,
            let spec = available(invocation, commands).first(where: { $0.short == letter })
        else {
            throw unknown(argument, bare: String(letters), commands: commands, invocation)
        }
        let attached = letters.dropFirst()
        guard spec.takesValue || attached.isEmpty else {
            throw unknown(argument, bare: String(letters), commands: commands, invocation)
        }
        try take(
            spec, given: "-\(letter)", inlineValue: attached.isEmpty ? nil : String(attached),
            remaining: &remaining, into: &invocation)
    }

    private static func take(
        _ spec: OptionSpec, given: String, inlineValue: String?, remaining: inout ArraySlice<String>,
        into invocation: inout Result
    ) throws(CLIError) {
        let name = spec.name
        if given != "--" + name {
            invocation.raw.spellingNames.append(name)
            invocation.raw.spellings.append(given)
        }
        guard spec.repeatable || (!invocation.raw.flags.contains(name) && invocation.raw.values[name] == nil)
        else {
            throw CLIError(.optionGivenTwice, ["option": "--\(name)"])
        }
        guard spec.takesValue else {
            guard inlineValue == nil else { throw CLIError(.optionTakesNoValue, ["option": given]) }
            invocation.raw.flags.insert(name)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if let next = remaining.first,
            next == "-" || !next.hasPrefix("-") || next.dropFirst().first?.isNumber == true
        {
            // A negative number is a value (`--expires-in -5`), so its own check can explain what is wrong.
            value = next
            remaining.removeFirst()
        } else {
            throw CLIError(.optionNeedsValue, ["option": given, "usage": spec.usage])
        }
        invocation.raw.values[name, default: []].append(value)
        invocation.raw.orderNames.append(name)
        invocation.raw.orderValues.append(value)
    }

    /// The options a command line may use here: the command's (once it is known) and the global ones.
    private static func available(_ invocation: Result, _ commands: [CommandSpec]) -> [OptionSpec] {
        (invocation.command.map { commands[$0].options } ?? []) + CommandSpec.globalOptions
    }

    /// "unknown option", with the name nearest to what was typed when one is
    /// near, and the command it was given to.
    private static func unknown(
        _ typed: String, bare: String, commands: [CommandSpec], _ invocation: Result
    ) -> CLIError {
        let command = invocation.command.map { commands[$0].name }
        let names = available(invocation, commands).map(\.name) + ["help", "version"]
        let shown: KeyValuePairs<String, Message> = ["option": quotedIfName(typed)]
        let near = Suggestions.closest(to: String(bare.prefix { $0 != "=" }), among: names).map { "--" + $0 }
        return switch (command, near) {
        case (let command?, let near?):
            CLIError(.unknownOptionForNear, ["command": command, "suggestion": near], messages: shown)
        case (let command?, nil): CLIError(.unknownOptionFor, ["command": command], messages: shown)
        case (nil, let near?): CLIError(.unknownOptionNear, ["suggestion": near], messages: shown)
        case (nil, nil): CLIError(.unknownOption, messages: shown)
        }
    }

    /// The text in quotes when it looks like a command or option name, else a
    /// neutral phrase: what was typed might be a secret.
    static func quotedIfName(_ text: String) -> Message {
        let looksLikeName =
            text.count <= 32
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-"
            }
        return looksLikeName ? Message(.quoted, ["text": text]) : Message(.notShownMayBeSecret)
    }
}
