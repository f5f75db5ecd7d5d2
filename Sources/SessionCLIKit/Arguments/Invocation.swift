/// A parsed command line: which command, its options and its arguments.
public struct Invocation: Sendable {
    /// The command; `nil` when none was given.
    public var command: CommandSpec?
    /// The flags that were given, by name (`json`, `with-token`).
    public var flags: Set<String> = []
    /// The values of options that take one, by name, in the order given.
    public var values: [String: [String]] = [:]
    public var arguments: [String] = []
    public var wantsHelp = false
    public var wantsVersion = false

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of a single-value option.
    public func value(_ name: String) -> String? { values[name]?.last }
}
