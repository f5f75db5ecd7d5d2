package import SessionCore
import SessionHTTP
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Reads a fresh platform token from an ``AssertionSource``: the one place
/// that does, for a sign-in and for every renewal. The token is checked as
/// far as a client can without the issuer's keys (a printable token of at
/// most 64 KiB; a JWT whose `exp` has not passed), so an expired one is
/// said in words before anything is sent. Nothing here retries.
package enum PlatformToken {
    /// The largest token read from a file, a variable or an answer.
    static let sizeLimit = 64 << 10

    /// A token from `source`.
    ///
    /// - Parameters:
    ///   - applications: The application's sources, for a kept
    ///     ``AssertionSource/Kind/application(name:)`` whose closure a session cannot keep.
    ///   - transport: How GitHub Actions' token service is asked.
    ///   - limit: How long GitHub Actions' token service, or the
    ///     application's closure, may take: a renewal reads the token under
    ///     the store's lock, and gives it as long as the grant.
    /// - Throws: ``PlatformTokenError/unavailable(source:reason:)``,
    ///   ``PlatformTokenError/unreachable(source:reason:)`` or
    ///   ``PlatformTokenError/unreadable(path:reason:)``.
    static func read(
        _ source: AssertionSource, applications: [AssertionSource] = [], transport: any Transport,
        limit: Duration, now: Date
    ) async throws -> AuthToken {
        let text: String
        switch source.kind {
        case .file(let path): text = try file(path)
        case .environment(let name):
            // A session file someone else wrote may name a variable that holds another secret.
            guard AssertionSource.isReadableVariable(name) else {
                throw PlatformTokenError.unavailable(
                    source: source, reason: "that variable holds another secret")
            }
            guard let value = ProcessEnvironment.value(named: name) else {
                throw PlatformTokenError.unavailable(
                    source: source,
                    reason: "it is not set in this process (a variable lives as long as the process given it)"
                )
            }
            text = value
        case .githubActions(let audience):
            text = try await githubActions(
                audience: audience, source: source, transport: transport, limit: limit)
        case .application(let name):
            guard let read = source.read ?? applications.first(where: { $0.kind == source.kind })?.read else {
                throw PlatformTokenError.unavailable(
                    source: source, reason: "the application gave no source named \(name)")
            }
            text = try await application(read, source: source, limit: limit)
        }
        return try check(text.trimmingWhitespace, from: source, now: now)
    }

    /// What the application's closure gives within `limit`; one that takes
    /// longer is left to finish on its own, cancelled.
    private static func application(
        _ read: @escaping @Sendable () async throws -> String, source: AssertionSource, limit: Duration
    ) async throws -> String {
        let outcome = Locked<CheckedContinuation<String, any Error>?>(nil)
        @Sendable func finish(_ result: Result<String, any Error>) {
            outcome.withLock { waiting in
                waiting?.resume(with: result)
                waiting = nil
            }
        }
        return try await withCheckedThrowingContinuation { continuation in
            outcome.withLock { $0 = continuation }
            let work = Task {
                do {
                    finish(.success(try await read()))
                } catch {
                    // Its type only: an application's error may quote what it read.
                    finish(
                        .failure(
                            PlatformTokenError.unavailable(
                                source: source, reason: "the application's source failed (\(type(of: error)))"
                            )))
                }
            }
            Task {
                try? await Task.sleep(for: limit)
                finish(
                    .failure(
                        PlatformTokenError.unreachable(
                            source: source, reason: "no token within \(limit.components.seconds) s")))
                work.cancel()
            }
        }
    }

    /// A printable token that has not expired, as far as its claims say.
    package static func check(_ text: String, from source: AssertionSource, now: Date) throws -> AuthToken {
        func unavailable(_ reason: String) -> PlatformTokenError {
            .unavailable(source: source, reason: reason)
        }
        guard !text.isEmpty else { throw unavailable("it is empty") }
        guard text.utf8.count <= sizeLimit else { throw unavailable("it is larger than 64 KiB") }
        let token: AuthToken
        do {
            token = try AuthToken(text)
        } catch let error as AuthTokenError {
            // The error names the byte class and offset, never the value.
            throw unavailable("it is not a token (\(error))")
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 3, let payload = Base64URL.decode(parts[1]),
            case .object(let claims)? = try? JSONValue.parse(payload),
            case .number(let seconds)? = claims["exp"], seconds.isFinite
        {
            let expiry = Date(timeIntervalSince1970: seconds)
            if expiry <= now {
                throw unavailable(
                    "it expired at \(ISO8601.string(from: expiry)); the platform gives a fresh one")
            }
        }
        return token
    }

    /// The file's text, read again each time: a Kubernetes projected token
    /// is a symbolic link the kubelet swaps, so links are followed.
    private static func file(_ path: String) throws -> String {
        let contents: SmallFile.Contents
        do {
            contents = try SmallFile.read(path, limit: sizeLimit, options: .regularOnly)
        } catch {
            throw PlatformTokenError.unreadable(path: path, reason: error.description)
        }
        guard !contents.exceedsLimit else {
            throw PlatformTokenError.unreadable(path: path, reason: "it is larger than 64 KiB")
        }
        guard let text = String(validating: contents.bytes, as: UTF8.self) else {
            throw PlatformTokenError.unreadable(path: path, reason: "it is not UTF-8 text")
        }
        return text
    }

    /// GitHub Actions' token for `audience`: a GET of
    /// `ACTIONS_ID_TOKEN_REQUEST_URL` (which carries its own query) with
    /// `&audience=`, authorized by `ACTIONS_ID_TOKEN_REQUEST_TOKEN`,
    /// answered `{"value": "<JWT>"}` (GitHub's "Configuring OpenID Connect
    /// in cloud providers"; the toolkit's `getIDToken`).
    private static func githubActions(
        audience: String?, source: AssertionSource, transport: any Transport, limit: Duration
    ) async throws -> String {
        func unavailable(_ reason: String) -> PlatformTokenError {
            .unavailable(source: source, reason: reason)
        }
        let hint = "not in a GitHub Actions job, or the job lacks `permissions: id-token: write`"
        guard let text = ProcessEnvironment.value(.actionsIDTokenRequestURL), let base = URL(string: text)
        else { throw unavailable("ACTIONS_ID_TOKEN_REQUEST_URL is not set (\(hint))") }
        guard let bearer = ProcessEnvironment.value(.actionsIDTokenRequestToken), !bearer.isEmpty else {
            throw unavailable("ACTIONS_ID_TOKEN_REQUEST_TOKEN is not set (\(hint))")
        }
        guard (try? AuthToken(bearer)) != nil else {
            throw unavailable("ACTIONS_ID_TOKEN_REQUEST_TOKEN is not a token")
        }
        guard SecretDestination.permits(base) else {
            throw unavailable("ACTIONS_ID_TOKEN_REQUEST_URL is not https")
        }
        guard let url = audience.map({ OAuthWire.url(base, adding: [("audience", $0)]) }) ?? base else {
            throw unavailable("ACTIONS_ID_TOKEN_REQUEST_URL cannot take an audience")
        }
        var request = HTTPRequest(url: url)
        request.headerFields[.authorization] = "Bearer " + bearer
        request.headerFields[.accept] = "application/json"
        let network = NetworkClient(
            baseURL: url, transport: DeadlineTransport(transport, limit: limit))
        let answer: SequenceResponse
        do {
            answer = try await network.run(OneRequest(request) { $0 })
        } catch NetworkError.transport(let underlying) {
            throw PlatformTokenError.unreachable(
                source: source, reason: reachability(underlying))
        }
        let status = answer.response.status.code
        // A service that is down or busy is one that cannot be reached (69); a refusal is the job's (77).
        if status == 429 || (500...599).contains(status) {
            throw PlatformTokenError.unreachable(
                source: source, reason: "its token service answered HTTP \(status)")
        }
        guard (200...299).contains(status) else {
            throw unavailable("its token service answered HTTP \(status)")
        }
        guard case .object(let object)? = try? JSONValue.parse(answer.body),
            case .string(let value)? = object["value"]
        else { throw unavailable("its token service's answer has no \"value\" string") }
        return value
    }

    /// Why a token service could not be reached, in words that quote nothing it sent.
    private static func reachability(_ error: any Error) -> String {
        switch error {
        case let error as DeadlineExceededError: "no answer within \(error.limit.components.seconds) s"
        case let error as ConnectionError: error.description
        case is ResponseTooLargeError: "its answer is larger than 1 MiB"
        default: "the connection failed"
        }
    }
}
