public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends ``Request`` values to one server through a chain of behaviors.
///
/// A request ends one of four ways — success, transport failure, non-2xx
/// status, decoding failure — plus cancellation; each failure is a distinct
/// ``NetworkError`` and reaches `afterFailure` exactly once. The client never
/// retries on its own.
///
/// ```swift
/// let client = NetworkClient(
///     baseURL: URL(string: "https://api.example.com/v1")!,
///     transport: URLSessionTransport(),
///     behavior: CombinedRequestBehavior([
///         AuthTokenHeaderBehavior(repository: store),
///         UnauthorizedLogoutBehavior(repository: store),
///     ]))
/// let user = try await client.send(Request<User>(path: "/user"))
/// ```
public struct NetworkClient: Sendable {
    /// The URL every request path is joined to.
    public let baseURL: URL
    private let transport: any Transport
    private let behavior: any RequestBehavior

    /// - Parameters:
    ///   - baseURL: Paths are joined to it: `https://host/v1` + `users` is `https://host/v1/users`.
    ///   - transport: What moves the bytes: ``URLSessionTransport`` for real HTTP.
    ///   - behavior: Runs for every request, outside any per-request behavior.
    public init(
        baseURL: URL, transport: any Transport, behavior: any RequestBehavior = EmptyRequestBehavior()
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.behavior = behavior
    }

    /// Sends `request` and decodes its answer.
    ///
    /// - Parameter behavior: Runs for this request only, inside the client's behavior.
    /// - Throws: ``NetworkError``, or the error of a behavior whose
    ///   `additionalHeaders` refused the request (then no hook runs).
    public func send<Output>(
        _ request: Request<Output>, with behavior: any RequestBehavior = EmptyRequestBehavior()
    ) async throws -> Output {
        let behavior = CombinedRequestBehavior([self.behavior, behavior])
        if Task.isCancelled { throw NetworkError.cancelled }
        var urlRequest = try URLRequest(request, baseURL: baseURL)
        let context = RequestContext(request: urlRequest)
        var headers = HeaderFields(try await behavior.additionalHeaders(for: urlRequest, context: context))
        for (name, value) in request.headers { headers.set(name, value) }
        if let problem = headers.problem { throw NetworkError.invalidRequest(problem) }
        urlRequest.allHTTPHeaderFields = headers.dictionary

        context.markSent(urlRequest)
        await behavior.beforeSend(urlRequest)
        let outcome = await exchange(urlRequest, context: context, decode: request.decode)
        switch outcome {
        case .success(let (output, response, data)):
            await behavior.afterSuccess(response, data: data, context: context)
            return output
        case .failure(let error):
            await behavior.afterFailure(error, context: context)
            throw error
        }
    }

    /// The transport call and the reading of its answer, as one result. The
    /// response, whatever its status, is recorded in `context`.
    private func exchange<Output>(
        _ request: URLRequest, context: RequestContext, decode: (Data) throws -> Output
    ) async -> Result<(Output, HTTPURLResponse, Data), NetworkError> {
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await transport.send(request)
        } catch {
            return .failure(Self.isCancellation(error) ? .cancelled : .transport(error))
        }
        context.recordResponse(response, body: data)
        if Task.isCancelled { return .failure(.cancelled) }
        guard (200...299).contains(response.statusCode) else {
            return .failure(.status(code: response.statusCode, body: data))
        }
        do {
            return .success((try decode(data), response, data))
        } catch {
            return .failure(.decoding(error))
        }
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? URLError)?.code == .cancelled
            || (error as? NetworkError).map { if case .cancelled = $0 { true } else { false } } == true
    }
}
