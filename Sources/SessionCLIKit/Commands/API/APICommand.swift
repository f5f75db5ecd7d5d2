import SessionCore
package import SessionSupport

/// `api [--method M] [--header 'Name: value']... PATH`: one request to the
/// session's server, with the token; the answer's body on standard output.
package struct APICommand: Command {
    /// `api`'s options.
    package enum Option: String, CommandOption {
        case method
        case header
        case server
        case account

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .method: OptionSpec(rawValue, value: "METHOD", help: "The HTTP method (default: GET).")
            case .header:
                OptionSpec(
                    rawValue, value: "'Name: value'", repeatable: true,
                    help: "Add a request header (repeatable).")
            case .server: SessionSelection.serverOption
            case .account: SessionSelection.accountOption
            }
        }
    }

    package static let spec = CommandSpec(
        name: "api", summary: "Send a request to the session's server with the token.", options: Option.self,
        argument: "PATH|URL",
        discussion: """
            PATH is joined to the server URL of the default session, or of the one --server and --account
            (or SESSION_CLI_SERVER and SESSION_CLI_ACCOUNT) select. A full URL goes to its own origin,
            with the session on that server (--account, or SESSION_CLI_ACCOUNT, when there are several).
            The percent-encoding is kept as written; the response body is printed. A 401 from the
            session's server logs that session out, unless it can refresh its token: then it is
            refreshed and the request sent once more.
            """)

    /// The path, with any query, as the user wrote it (for a full URL, what follows its origin).
    package let path: String
    /// The origin of a full URL, which selects the session on that server.
    package let origin: URL?
    let selection: SessionSelection
    /// The method, upper-cased.
    package let method: String
    /// The extra headers, by name.
    package let headers: [String: String]

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        guard let target = arguments.arguments.first else {
            throw .usage("api needs a PATH, like: session-cli api /user")
        }
        (origin, path) = try Self.split(target)
        selection = try SessionSelection(
            server: origin?.absoluteString ?? arguments.value(.server), account: arguments.value(.account))
        if origin != nil && arguments.value(.server) != nil {
            throw .usage("give --server or a full URL, not both: a full URL names its server")
        }
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
        let session = try context.session(selection, in: store)
        let status = LoginUsecase.status(
            of: session.map { .loggedIn($0.credential) } ?? .loggedOut, at: context.now())
        guard let session, let credential = status.credential, status.phase == .loggedIn else {
            let reason = status.phase == .expired ? "the session has expired" : "not logged in"
            throw CLIError("\(reason); run 'session-cli login' first", code: .failure)
        }
        guard let server = origin ?? credential.server else {
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
        let repository = session.repository
        let answer = try waitFor {
            try await network.send(request, session: repository, token: token) { piece in
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
            throw Self.refusal(code, loggedOut: token == nil && (try? repository.load())?.credential == nil)
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

    /// A full URL's origin and what follows it as written, or the path as it is.
    private static func split(_ target: String) throws(CLIError) -> (origin: URL?, path: String) {
        // "scheme://", the scheme made of letters only: anything else is a path.
        guard let colon = target.firstIndex(of: ":"), target[..<colon].allSatisfy(\.isLetter),
            target[colon...].hasPrefix("://")
        else { return (nil, target) }
        let host = target.index(colon, offsetBy: 3)
        let afterHost = target[host...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" }
        let base = String(target[..<(afterHost ?? target.endIndex)])
        let rest = afterHost.map { String(target[$0...]) } ?? "/"
        guard !rest.contains("#") else { throw .usage("invalid URL: it must not have a fragment (#)") }
        let origin = try OptionValues.url(base, "URL")
        return (origin, rest.hasPrefix("?") ? "/" + rest : rest)
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
