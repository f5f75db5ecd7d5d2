/// What the parser read from a command line, by name: flags, values and
/// arguments. Code reads it through ``ParsedArguments``.
struct RawArguments: Sendable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var arguments: [String] = []
    /// Every value in the order given, with its option's name: for options
    /// whose order together matters (`api -f` and `-F`).
    var order: [(name: String, value: String)] = []
    /// How each option given was written, when not by its own name (an
    /// alias, a one-letter name): errors name it as the person typed it.
    var spellings: [String: String] = [:]
}
