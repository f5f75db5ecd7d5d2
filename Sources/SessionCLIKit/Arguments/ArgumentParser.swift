/// Parses a command line the way swift-argument-parser users expect:
/// `--opt value` and `--opt=value`, `--` to end options, `-h`/`--help` on the
/// tool and on every command, global options before or after the command.
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
    /// pointer to `--with-token` instead of "unknown option".
    static let tokenOptionNames: Set<String> = [
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
                throw .usage(
                    "unknown option \(quotedIfName(argument))\(suggestion(for: argument, commands: commands, in: invocation)); see --help"
                )
            }
        }
        return invocation
    }

    private static func take(positional: String, commands: [CommandSpec], into invocation: inout Result)
        throws(CLIError)
    {
        guard let index = invocation.command else {
            guard let index = commands.firstIndex(where: { $0.name == positional }) else {
                let hint =
                    Suggestions.closest(to: positional, among: commands.map(\.name))
                    .map { "; did you mean '\($0)'?" }
                    ?? "; commands: \(commands.map(\.name).joined(separator: ", "))"
                throw .usage("unknown command \(quotedIfName(positional))\(hint)")
            }
            invocation.command = index
            return
        }
        let command = commands[index]
        guard command.argument != nil, invocation.raw.arguments.isEmpty else {
            throw .usage(
                command.argumentRefusal
                    ?? "\(command.name) takes \(command.argument == nil ? "no arguments" : "one argument"); see 'session-cli help \(command.name)'"
            )
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
            throw .usage(
                "the token is never an option (other users can read arguments with ps); "
                    + "pipe it instead: printf '%s' \"$TOKEN\" | session-cli login --with-token")
        }
        let command = invocation.command.map { commands[$0] }
        let available = (command?.options ?? []) + CommandSpec.globalOptions
        guard let spec = available.first(where: { $0.name == name }) else {
            let place = command.map { " for \($0.name)" } ?? ""
            throw .usage(
                "unknown option \(quotedIfName("--" + name))\(place)\(suggestion(for: name, commands: commands, in: invocation)); see --help"
            )
        }
        guard spec.repeatable || (!invocation.raw.flags.contains(name) && invocation.raw.values[name] == nil)
        else {
            throw .usage("--\(name) is given more than once")
        }
        guard spec.takesValue else {
            guard inlineValue == nil else { throw .usage("--\(name) takes no value") }
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
            throw .usage("--\(name) needs a value: \(spec.usage)")
        }
        invocation.raw.values[name, default: []].append(value)
    }

    private static func suggestion(for name: String, commands: [CommandSpec], in invocation: Result) -> String
    {
        let bare = String(name.drop { $0 == "-" }.prefix { $0 != "=" })
        let names =
            ((invocation.command.map { commands[$0].options } ?? []) + CommandSpec.globalOptions).map(\.name)
            + [
                "help", "version",
            ]
        return Suggestions.closest(to: bare, among: names).map { "; did you mean '--\($0)'?" } ?? ""
    }

    /// The text in quotes when it looks like a command or option name, else a
    /// neutral phrase: what was typed might be a secret.
    static func quotedIfName(_ text: String) -> String {
        let looksLikeName =
            text.count <= 32
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-"
            }
        return looksLikeName ? "'\(text)'" : "(not shown: it may be a secret)"
    }
}
