import SessionCore
import SessionSupport

/// `api [--method M] [--header 'Name: value']... PATH`: one request to the
/// session's server, with the token; the answer's body on standard output.
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
            the response body is printed. A 401 from the session's server logs you out, unless the
            session can refresh its token: then it is refreshed and the request sent once more.
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

    package func run(context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let token = try context.overrideToken()
        let status = try LoginUsecase(repository: store, now: context.now).status()
        guard let credential = status.credential, status.phase == .loggedIn else {
            let reason = status.phase == .expired ? "the session has expired" : "not logged in"
            throw CLIError("\(reason); run 'session-cli login' first", code: .failure)
        }
        guard let server = credential.server else {
            throw CLIError(
                "the session names no server; log in again with --server URL so api knows where to send requests",
                code: .failure)
        }
        let network = try context.network()
        // The body goes out as it arrives, never held whole: `api /huge | head`
        // and a download of any size run in the same memory.
        let output = Locked(context.console.bodyWriter())
        defer { output.withLock { $0.finish() } }
        let request = APIRequest(method: method, path: path, headers: headers, server: server)
        let answer = try waitFor {
            try await network.send(request, session: store, token: token) { piece in
                output.withLock { $0.write(piece) }
            }
        }
        switch answer {
        case .success:
            return .success
        case .outputFailed:
            return .ioError  // said by ErrorReport.finish
        case .status(let code, let body):
            _ = output.withLock { $0.write(body) }
            throw Self.refusal(code, loggedOut: token == nil && (try? store.load())?.credential == nil)
        }
    }

    /// What an answer outside 2xx means for the person.
    private static func refusal(_ code: Int, loggedOut: Bool) -> CLIError {
        switch code {
        case 401:
            let outcome =
                loggedOut ? "you are now logged out; run 'session-cli login'" : "the session was kept"
            return CLIError(
                "the server rejected the token (401 Unauthorized); \(outcome)", code: .noPermission)
        case 403:
            return CLIError("the server refused access (403 Forbidden)", code: .noPermission)
        case 300...399:
            return CLIError(
                "the server answered with a redirect (\(code)) that is not followed: to plain http, "
                    + "to a non-http address, or carrying the request body to another server",
                code: .failure)
        default:
            return CLIError("the server answered with status \(code)", code: .failure)
        }
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
