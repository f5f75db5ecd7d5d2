import Foundation
import SessionCLIKit
import SessionCore
import SessionNetworking

/// `api [--method M] [--header 'Name: value']... PATH`: one request to the
/// session's server, with the token, through `NetworkClient`.
enum APICommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let invocation = try ArgumentParser.parse(arguments)
        guard let command = invocation.command, command.name == "api" else {
            throw CLIError(
                "session-cli-api runs only the api command; use session-cli for the others", code: .usage)
        }
        if invocation.wantsHelp {
            Console.out(HelpText.help(for: command))
            return .success
        }
        guard let path = invocation.arguments.first else {
            throw CLIError("api needs a PATH, like: session-cli api /user", code: .usage)
        }
        let method = (invocation.value("method") ?? "GET").uppercased()
        let headers = try (invocation.values["header"] ?? []).reduce(into: [String: String]()) {
            headers, text in
            let (name, value) = try parseHeader(text)
            headers[name] = value
        }
        let context = try CommandContext(invocation: invocation)
        let server = try serverOfActiveSession(context.store)

        let client = NetworkClient(
            baseURL: server, transport: URLSessionTransport(),
            behavior: CombinedRequestBehavior([
                AuthTokenHeaderBehavior(repository: context.store),
                UnauthorizedLogoutBehavior(repository: context.store),
            ]))
        do {
            let body = try await client.send(Request<Data>.raw(method: method, path: path, headers: headers))
            Console.out(bytes: Array(body))
            return .success
        } catch let error as NetworkError {
            return try report(error, server: server, store: context.store)
        }
    }

    /// The server of an unexpired session, or exit 1 saying what is missing.
    private static func serverOfActiveSession(_ store: FileLoginStateStore) throws -> URL {
        let status = try LoginUsecase(repository: store, provider: NoLoginProvider()).status()
        guard let credential = status.credential, status.phase == .loggedIn else {
            let reason = status.phase == .expired ? "the session has expired" : "not logged in"
            throw CLIError(
                "\(reason); run 'session-cli login --with-token --server URL' first", code: .failure)
        }
        guard let server = credential.server else {
            throw CLIError(
                "the session names no server; log in again with --server URL so api knows where to send requests",
                code: .failure)
        }
        return server
    }

    private static func report(_ error: NetworkError, server: URL, store: FileLoginStateStore) throws
        -> ExitCode
    {
        switch error {
        case .status(let code, let body):
            Console.out(bytes: Array(body))
            if code == 401 {
                let loggedOut = (try? store.load())?.credential == nil
                let outcome =
                    loggedOut ? "you are now logged out; run 'session-cli login'" : "the session was kept"
                throw CLIError(
                    "the server rejected the token (401 Unauthorized); \(outcome)", code: .noPermission)
            }
            if code == 403 {
                throw CLIError("the server refused access (403 Forbidden)", code: .noPermission)
            }
            throw CLIError("the server answered with status \(code)", code: .failure)
        case .transport(let underlying):
            let origin = Origin(server).map(String.init(describing:)) ?? server.absoluteString
            let reason = (underlying as? URLError)?.localizedDescription ?? "\(underlying)"
            throw CLIError("cannot reach \(origin): \(reason)", code: .unavailable)
        case .invalidRequest(let reason):
            throw CLIError(reason, code: .usage)
        case .decoding, .cancelled:
            throw CLIError("\(error)", code: .failure)
        }
    }

    /// `Name: value`, with the name an HTTP token. The token header itself is
    /// refused: the token comes from the session, never from argv.
    private static func parseHeader(_ text: String) throws(CLIError) -> (String, String) {
        guard let colon = text.firstIndex(of: ":") else {
            throw .init("invalid --header: write it as 'Name: value'", code: .usage)
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        // The same rule NetworkClient applies, checked here to answer with 64 before the session is read.
        guard !name.isEmpty, name.utf8.allSatisfy(HeaderFields.isTokenByte) else {
            throw .init("invalid --header: the name must be letters, digits or !#$%&'*+-.^_`|~", code: .usage)
        }
        guard name.lowercased() != "authorization" else {
            throw .init(
                "--header Authorization is not allowed: the token comes from the session (session-cli login)",
                code: .usage)
        }
        return (name, value)
    }
}
