/// What the parser read from a command line, by name: flags, values and
/// arguments. Code reads it through ``ParsedArguments``.
struct RawArguments: Sendable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var arguments: [String] = []
}
