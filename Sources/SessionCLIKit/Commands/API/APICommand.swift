import SessionCore
package import SessionSupport
import SessionSystem

/// `api [options] PATH|URL`: one request to the session's server, with the
/// token; the answer's body on standard output, as `gh api` does it.
package struct APICommand: Command {
    /// `api`'s options.
    package enum Option: String, SelectsSession {
        case method
        case header
        case rawField = "raw-field"
        case field
        case input
        case include
        case server
        case account

        /// The option's placeholder and help.
        package var spec: OptionSpec {
            switch self {
            case .method: OptionSpec(rawValue, short: "X", value: "METHOD", help: .apiMethodHelp)
            case .header:
                OptionSpec(
                    rawValue, short: "H", value: "'Name: value'", repeatable: true,
                    help: .apiHeaderHelp)
            case .rawField:
                OptionSpec(
                    rawValue, short: "f", value: "KEY=VALUE", repeatable: true,
                    help: .apiRawFieldHelp)
            case .field:
                OptionSpec(rawValue, short: "F", value: "KEY=VALUE", repeatable: true, help: .apiFieldHelp)
            case .input: OptionSpec(rawValue, value: "FILE", completion: .file, help: .apiInputHelp)
            case .include: OptionSpec(rawValue, short: "i", help: .apiIncludeHelp)
            case .server, .account: Self.spec(of: self)
            }
        }
    }

    package static let spec = CommandSpec(
        name: "api", summary: .apiSummary, options: Option.self, argument: "PATH|URL",
        discussion: Message(.apiDiscussion, ["limit": String(SessionLimits.fieldFileSize >> 20)]),
        examples: [
            "session-cli api /user",
            "session-cli api -X PATCH /user -f name=alice -F public=true",
            "session-cli api /search -f q='is:open' -f per_page=5 -X GET",
            "session-cli api --input payload.json /items",
            "session-cli api -i https://staging.example.com/health",
        ],
        failures: [words, .session, .store, .storeLock, .keyring, .input, .companion, .network, .signIn])

    /// The path, with any query, as the user wrote it (for a full URL, what follows its origin).
    package let path: String
    /// The origin of a full URL, which selects the session on that server.
    package let origin: URL?
    let selection: SessionSelection
    /// The method, upper-cased: `--method`, else POST with a body or fields, else GET.
    package let method: String
    /// The extra headers, by name.
    package let headers: [String: String]
    /// `--input`: the body's file, `-` for standard input.
    let input: String?
    /// `-f` and `-F`, as given (a `@file` is read when the command runs).
    let fieldArguments: [(text: String, typed: Bool)]
    /// `-i`: print the status line and headers first.
    let includesHead: Bool

    package init(parsing arguments: ParsedArguments<Option>) throws(CLIError) {
        guard let target = arguments.arguments.first else { throw CLIError(.apiNeedsPath) }
        (origin, path) = try Self.split(target)
        if origin != nil && arguments.value(.server) != nil { throw CLIError(.apiServerAndURL) }
        selection = try SessionSelection(
            server: origin?.absoluteString ?? arguments.value(.server), account: arguments.value(.account))
        input = arguments.value(.input)
        includesHead = arguments.has(.include)
        // -f and -F in the order given, however they were mixed.
        fieldArguments = arguments.ordered([.rawField, .field]).map { ($0.value, $0.option == .field) }
        // Standard input can be read once: by one reader only.
        let readers =
            fieldArguments.filter { $0.typed && $0.text.hasSuffix("=@-") }.count + (input == "-" ? 1 : 0)
        if readers > 1 { throw CLIError(.apiStandardInputTwice) }
        let hasBody = input != nil || !fieldArguments.isEmpty
        let method = (arguments.value(.method) ?? (hasBody ? "POST" : "GET")).uppercased()
        guard HTTPToken.isToken(method) else { throw CLIError(.invalidMethod) }
        self.method = method
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
            throw CLIError(status.phase == .expired ? .apiSessionExpired : .apiNotLoggedIn)
        }
        guard let server = origin ?? credential.server else { throw CLIError(.apiNoServer) }
        let request = try build(server: server, context: context)
        let network = try context.network()
        // The body goes out as it arrives, never held whole: `api /huge | head`
        // and a download of any size run in the same memory.
        let output = Locked(context.console.bodyWriter())
        defer { output.withLock { $0.finish() } }
        let repository = session.repository
        let includesHead = includesHead
        let answer = try waitFor {
            try await network.send(
                request, session: repository, token: token,
                head: { head in
                    if includesHead { output.withLock { _ = $0.write(Array(head.text.utf8)) } }
                    if let note = Self.redirectNote(head, from: server) { context.warn(note) }
                },
                body: { piece in output.withLock { $0.write(piece) } })
        }
        switch answer {
        case .success:
            return .success
        case .outputFailed:
            return ErrorKey.outputIncomplete.exitCode  // said by ErrorReport.finish
        case .status(let code, let body):
            _ = output.withLock { $0.write(body) }
            throw Self.refusal(code, loggedOut: token == nil && (try? repository.load())?.credential == nil)
        }
    }

    /// The request: the fields as a JSON body or as query parameters, or
    /// the `--input` file as the body.
    private func build(server: URL, context: CommandContext) throws -> APIRequest {
        var fields = APIFields()
        for (text, typed) in fieldArguments {
            try fields.add(text, typed: typed, option: typed ? "-F" : "-f") { path throws(CLIError) in
                try Self.read(path, context: context)
            }
        }
        var path = path
        var headers = headers
        var body = APIRequest.Body.none
        if let input {
            body = input == "-" ? .standardInput : .file(input)
            if input != "-" { try Self.checkReadable(input) }
        }
        if !fields.isEmpty {
            if input != nil || method == "GET" || method == "HEAD" {
                path += (path.contains("?") ? "&" : "?") + fields.query
            } else {
                body = .bytes(Array(try fields.object().text.utf8))
                if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
                    headers["Content-Type"] = "application/json"
                }
            }
        }
        return APIRequest(method: method, path: path, headers: headers, server: server, body: body)
    }

    /// The text of a `-F key=@file` value: the file's, or standard input's for `@-`.
    private static func read(_ path: String, context: CommandContext) throws(CLIError) -> String {
        let limit = SessionLimits.fieldFileSize
        let bytes: [UInt8]?
        if path == "-" {
            bytes = try context.input.readToEnd(limit: limit)
        } else {
            bytes = try FileContents.read(path, limit: limit) { reason in
                CLIError(.apiCannotRead, ["file": path, "reason": reason])
            }
        }
        guard let bytes else {
            throw CLIError(
                .apiFieldFileTooLarge, ["file": path, "limit": String(limit >> 20)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError(.apiFieldFileNotText, ["file": path])
        }
        return text
    }

    /// Refuses before anything is sent a body file that cannot be read,
    /// or a folder (which opens, then fails as the request goes out).
    private static func checkReadable(_ path: String) throws(CLIError) {
        if let code = POSIX.readProblem(atPath: path) {
            throw CLIError(.apiCannotRead, ["file": path, "reason": Errno.text(code)])
        }
    }

    /// What stderr says when the answer came from another origin than asked:
    /// a redirect was followed there (without the token).
    private static func redirectNote(_ head: APIHead, from server: URL) -> Message? {
        guard let to = Origin(head.url), let from = Origin(server), to != from else { return nil }
        return Message(.note, messages: ["text": Message(.apiRedirected, ["url": head.url.absoluteString])])
    }

    /// What an answer outside 2xx means for the person.
    private static func refusal(_ code: Int, loggedOut: Bool) -> CLIError {
        switch code {
        case 401:
            CLIError(loggedOut ? .apiUnauthorizedLoggedOut : .apiUnauthorizedKept)
        case 403:
            CLIError(.apiForbidden)
        case 300...399:
            CLIError(.apiRedirectNotFollowed, ["status": String(code)])
        default:
            CLIError(.apiErrorStatus, ["status": String(code)])
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
        guard !rest.contains("#") else { throw CLIError(.apiURLFragment) }
        let origin = try OptionValues.url(base, "URL")
        return (origin, rest.hasPrefix("?") ? "/" + rest : rest)
    }

    /// `Name: value`, with the name an HTTP token. The token header itself is
    /// refused: the token comes from the session, never from argv.
    private static func parseHeader(_ text: String) throws(CLIError) -> (String, String) {
        guard let colon = text.firstIndex(of: ":") else { throw CLIError(.apiHeaderForm) }
        let name = String(text[..<colon]).trimmingSpaces
        let value = String(text[text.index(after: colon)...]).trimmingSpaces
        // The rule NetworkClient applies, checked here to answer with 64 before the session is read.
        guard HTTPToken.isToken(name) else { throw CLIError(.apiHeaderName) }
        guard name.lowercased() != "authorization" else { throw CLIError(.apiHeaderAuthorization) }
        return (name, value)
    }
}

extension APIHead {
    /// The status line and the headers, then a blank line, as `curl -i`
    /// prints them: the HTTP version when the transport knows it.
    var text: String {
        let version = httpVersion.map { "HTTP/" + $0 } ?? "HTTP"
        var lines = ["\(version) \(statusCode) \(reason ?? Self.reason(statusCode) ?? "")".trimmingSpaces]
        lines += headers.map { "\($0.name): \($0.value)" }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// The standard reason phrase of a status (RFC 9110), for a transport that does not give the server's.
    static func reason(_ code: Int) -> String? {
        [
            200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 301: "Moved Permanently",
            302: "Found", 303: "See Other", 304: "Not Modified", 307: "Temporary Redirect",
            308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
            404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable", 409: "Conflict", 410: "Gone",
            412: "Precondition Failed", 413: "Content Too Large", 415: "Unsupported Media Type",
            422: "Unprocessable Content", 429: "Too Many Requests", 500: "Internal Server Error",
            501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        ][code]
    }
}

// The help of each option above, in English and Japanese.
extension MessageKey {
    static var apiMethodHelp: MessageKey {
        MessageKey(
            "The HTTP method (default: GET, or POST with fields or --input).",
            "HTTP メソッド (省略時: GET、フィールドか --input があれば POST)。")
    }
    static var apiHeaderHelp: MessageKey {
        MessageKey(
            "Add a request header (repeatable).",
            "リクエストヘッダーを追加します (複数指定可)。")
    }
    static var apiRawFieldHelp: MessageKey {
        MessageKey(
            "Add a string field (repeatable).",
            "文字列のフィールドを追加します (複数指定可)。")
    }
    static var apiFieldHelp: MessageKey {
        MessageKey(
            "Add a typed field: true, false, null, an integer, @FILE (@- for standard input), else a string (repeatable).",
            "型付きのフィールドを追加します: true、false、null、整数、@FILE (@- は標準入力)、それ以外は文字列 (複数指定可)。")
    }
    static var apiInputHelp: MessageKey {
        MessageKey(
            "Send this file as the body (- for standard input), streamed as it is read.",
            "このファイルを本文として送ります (- は標準入力)。読みながら送ります。")
    }
    static var apiIncludeHelp: MessageKey {
        MessageKey(
            "Print the status line and the headers before the body.",
            "本文の前にステータス行とヘッダーを出力します。")
    }
}
