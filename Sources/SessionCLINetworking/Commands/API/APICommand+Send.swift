import Foundation
package import SessionCLIKit
import SessionCore
import SessionNetworking
import SessionSupport

extension APICommand: NetworkCommand {
    /// Sends the request to the session's server through `NetworkClient`, with
    /// the token and the 401 logout, and prints the response body.
    package func runWithNetworking(context: CommandContext) async throws -> ExitCode {
        let server = try serverOfActiveSession(context.store)
        let behaviors: [any RequestBehavior]
        if let token = try context.overrideAuthToken() {
            // SESSION_CLI_TOKEN: sent to the stored session's server; the stored session is left alone.
            let override = InMemoryLoginStateStore(.loggedIn(Credential(token: token, server: server)))
            behaviors = [AuthTokenHeaderBehavior(repository: override)]
        } else {
            behaviors = [
                AuthTokenHeaderBehavior(
                    repository: context.store, refresher: TokenRefresher(repository: context.store)),
                UnauthorizedLogoutBehavior(repository: context.store),
            ]
        }
        let client = NetworkClient(
            baseURL: server, transport: URLSessionTransport(), behavior: CombinedRequestBehavior(behaviors))
        // The body goes out as it arrives, never held whole: `api /huge | head` and a
        // download of any size run in the same memory.
        let output = Locked(Console.BodyWriter())
        defer { output.withLock { $0.finish() } }
        do {
            _ = try await client.send(Request<Data>.raw(method: method, path: path, headers: headers)) {
                piece in
                guard output.withLock({ $0.write(piece) }) else { throw OutputFailed() }
            }
            return .success
        } catch NetworkError.transport(let error) where error is OutputFailed {
            return .ioError  // said by ErrorReport.finish
        } catch let error as NetworkError {
            return try report(error, server: server, store: context.store)
        }
    }

    /// Standard output failed while the body streamed: the transfer stops.
    private struct OutputFailed: Error {}

    /// The server of an unexpired session, or exit 1 saying what is missing.
    private func serverOfActiveSession(_ store: FileLoginStateStore) throws -> URL {
        let status = try LoginUsecase(repository: store).status()
        guard let credential = status.credential, status.phase == .loggedIn else {
            let reason = status.phase == .expired ? "the session has expired" : "not logged in"
            throw CLIError("\(reason); run 'session-cli login' first", code: .failure)
        }
        guard let server = credential.server else {
            throw CLIError(
                "the session names no server; log in again with --server URL so api knows where to send requests",
                code: .failure)
        }
        return server
    }

    private func report(_ error: NetworkError, server: URL, store: FileLoginStateStore) throws -> ExitCode {
        switch error {
        case .status(let code, let body):
            var output = Console.BodyWriter()
            output.write(body)
            output.finish()
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
            if (300...399).contains(code) {
                throw CLIError(
                    "the server answered with a redirect (\(code)) that is not followed: to plain http, "
                        + "to a non-http address, or carrying the request body to another server",
                    code: .failure)
            }
            throw CLIError("the server answered with status \(code)", code: .failure)
        case .transport(let underlying as ResponseTooLargeError):
            throw CLIError(
                "the server's error answer is larger than \(underlying.limit >> 20) MiB; it was stopped there",
                code: .failure)
        case .transport(let underlying):
            throw NetworkErrorReport.unreachable(server, underlying)
        case .invalidRequest(let reason):
            throw CLIError(reason, code: .usage)
        case .decoding, .cancelled:
            throw CLIError("\(error)", code: .failure)
        }
    }
}
