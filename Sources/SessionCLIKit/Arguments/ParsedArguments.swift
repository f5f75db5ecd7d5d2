/// A parsed command line, read through a command's option enum, so a
/// mistyped option name does not compile.
///
/// ```swift
/// let server = arguments.value(.server)       // LoginCommand.Option.server
/// let json = arguments.has(.json)             // StatusCommand.Option.json
/// ```
package struct ParsedArguments<Option: CommandOption>: Sendable {
    /// One reference, so this generic value is copied and dropped without
    /// its type being built at run time (every run of the tool makes one).
    private let line: ParsedLine
    var raw: RawArguments { line.raw }

    init(raw: RawArguments) {
        line = ParsedLine(raw)
    }

    /// Whether the flag was given.
    package func has(_ flag: Option) -> Bool { raw.flags.contains(flag.rawValue) }

    /// The value of a single-value option (the last one if repeated).
    package func value(_ option: Option) -> String? { raw.values[option.rawValue]?.last }

    /// Every value of a repeatable option, in the order given.
    package func values(_ option: Option) -> [String] { raw.values[option.rawValue] ?? [] }

    /// The values of `options`, in the order given on the command line.
    package func ordered(_ options: [Option]) -> [(option: Option, value: String)] {
        zip(raw.orderNames, raw.orderValues).compactMap { name, value in
            options.first { $0.rawValue == name }.map { ($0, value) }
        }
    }

    /// The option as it was written (`--user` for `--account`, `-f`), for an error about it.
    package func spelling(_ option: Option) -> String {
        raw.spellingNames.lastIndex(of: option.rawValue).map { raw.spellings[$0] } ?? "--" + option.rawValue
    }

    /// The command's positional arguments.
    package var arguments: [String] { raw.arguments }
}

/// A command line as read, shared by the views of it.
final class ParsedLine: Sendable {
    let raw: RawArguments

    init(_ raw: RawArguments) {
        self.raw = raw
    }
}
