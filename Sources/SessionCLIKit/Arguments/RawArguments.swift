/// What the parser read from a command line, by name: flags, values and
/// arguments. Code reads it through ``ParsedArguments``.
///
/// Kept in collections of strings, which the tool's start has made anyway:
/// an array of pairs or another dictionary type would cost every run a
/// generic type's construction before it printed anything.
struct RawArguments: Sendable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var arguments: [String] = []
    /// Every value in the order given, with its option's name at the same
    /// place: for options whose order together matters (`api -f` and `-F`).
    var orderNames: [String] = []
    var orderValues: [String] = []
    /// How an option was written when not by its own name (an alias, a
    /// one-letter name), at the same place as its name: errors name it as
    /// the person typed it.
    var spellingNames: [String] = []
    var spellings: [String] = []
}
