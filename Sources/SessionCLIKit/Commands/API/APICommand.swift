import SessionCore
import SessionSupport

/// `api [--method M] [--header 'Name: value']... PATH`: one request to the
/// session's server, with the token.
///
/// This type owns the command's spec, options and their checks, so both
/// executables parse it alike. What it does is all networking, in
/// `SessionCLINetworking` (`APICommand+Send.swift`): `session-cli` hands the
/// command line over to `session-cli-api`.
package struct APICommand: Command {
    /// `api`'s options.
    package enum Option: String, CommandOption {
        case method
        case header

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .method: OptionSpec(rawValue, value: "METHOD", help: "The HTTP method (default: GET).")
            case .header:
                OptionSpec(
                    rawValue, value: "'Name: value'", repeatable: true,
                    help: "Add a request header (repeatable).")
            }
        }
    }

    package static let spec = CommandSpec(
        name: "api", summary: "Send a request to the session's server with the token.", options: Option.self,
        argument: "PATH",
        discussion: """
            PATH is joined to the session's server URL, and its percent-encoding is kept as written;
            the response body is printed. A 401 from the session's server logs you out.
            """)

    /// The path, with any query, as the user wrote it.
    package let path: String
    /// The method, upper-cased.
    package let method: String
    /// The extra headers, by name.
    package let headers: [String: String]

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        guard let path = arguments.arguments.first else {
            throw .usage("api needs a PATH, like: session-cli api /user")
        }
        self.path = path
        method = (arguments.value(.method) ?? "GET").uppercased()
        var headers: [String: String] = [:]
        for text in arguments.values(.header) {
            let (name, value) = try Self.parseHeader(text)
            headers[name] = value
        }
        self.headers = headers
    }

    /// Every `api` sends a request: networking.
    package func needsNetworking(context: CommandContext) throws -> Bool { true }

    /// Never called: ``needsNetworking(context:)`` is always true.
    package func run(context: CommandContext) throws -> ExitCode {
        throw CLIError("api sends a request; it runs in session-cli-api", code: .software)
    }

    /// `Name: value`, with the name an HTTP token. The token header itself is
    /// refused: the token comes from the session, never from argv.
    private static func parseHeader(_ text: String) throws(CLIError) -> (String, String) {
        guard let colon = text.firstIndex(of: ":") else {
            throw .usage("invalid --header: write it as 'Name: value'")
        }
        let name = String(text[..<colon]).trimmingSpaces
        let value = String(text[text.index(after: colon)...]).trimmingSpaces
        // The rule NetworkClient applies, checked here to answer with 64 before the session is read.
        guard HTTPToken.isToken(name) else {
            throw .usage("invalid --header: the name must be letters, digits or !#$%&'*+-.^_`|~")
        }
        guard name.lowercased() != "authorization" else {
            throw .usage(
                "--header Authorization is not allowed: the token comes from the session (session-cli login)")
        }
        return (name, value)
    }

}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
