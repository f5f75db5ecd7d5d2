public import SessionHTTP
import SessionSupport
import SessionSystem

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Sends ``Request`` values to one server through a chain of behaviors.
///
/// A request ends one of four ways — success, transport failure, non-2xx
/// status, decoding failure — plus cancellation; each failure is a distinct
/// ``NetworkError`` and reaches `afterFailure` exactly once. The client
/// retries only when a behavior that is a ``RequestRetrier`` asks, and at
/// most once.
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
    /// Runs for every request and every step of a sequence.
    let behavior: any RequestBehavior
    /// What a ``RequestSequence``'s waits sleep on.
    let clock: any SequenceClock

    /// - Parameters:
    ///   - baseURL: Paths are joined to it: `https://host/v1` + `users` is `https://host/v1/users`.
    ///   - transport: What moves the bytes: `URLSessionTransport` for real HTTP.
    ///   - behavior: Runs for every request, outside any per-request behavior.
    ///   - clock: What the waits of a ``RequestSequence`` sleep on: `nil` for
    ///     the system's clock, or in tests one that records the waits and
    ///     returns at once.
    public init(
        baseURL: URL, transport: any Transport, behavior: any RequestBehavior = EmptyRequestBehavior(),
        clock: (any SequenceClock)? = nil
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.behavior = behavior
        self.clock = clock ?? SystemSequenceClock()
    }

    /// Sends `request` and decodes its answer.
    ///
    /// - Parameter behavior: Runs for this request only, inside the client's behavior.
    /// - Throws: ``NetworkError``, or the error of a behavior whose
    ///   `additionalHeaders` refused the request (then no hook runs).
    public func send<Output>(
        _ request: Request<Output>, with behavior: any RequestBehavior = EmptyRequestBehavior()
    ) async throws -> Output {
        let (data, response, exchange) = try await perform(request, with: behavior, streaming: nil)
        let output: Output
        do {
            output = try request.decode(data)
        } catch {
            return try await exchange.fail(.decoding(error))
        }
        await exchange.context.during {
            await exchange.behavior.afterSuccess(response, data: data, for: exchange.context.request)
        }
        return output
    }

    /// Sends `request` and hands a successful answer's body to `body` a
    /// piece at a time, as it arrives, without holding it: a download of
    /// any size takes the same memory.
    ///
    /// An error answer's body is gathered as ``send(_:with:)`` gathers it
    /// (up to ``Request/bodyLimit``) and thrown as
    /// ``NetworkError/status(code:body:)``, so a retry after a refresh
    /// never streams the refused answer. `afterSuccess` gets an empty body.
    ///
    /// ```swift
    /// let response = try await client.send(Request<Data>.raw(path: "/export")) { piece in
    ///     try file.write(contentsOf: piece)
    /// }
    /// ```
    /// - Parameter body: Takes each piece; throwing stops the transfer, and
    ///   the request fails with that error as ``NetworkError/transport(_:)``.
    /// - Returns: The final response, a 2xx.
    public func send(
        _ request: Request<Data>, with behavior: any RequestBehavior = EmptyRequestBehavior(),
        streamingBodyTo body: @escaping @Sendable (Data) throws -> Void
    ) async throws -> HTTPResponse {
        try await send(request, with: behavior, receivingHead: { _ in }, streamingBodyTo: body)
    }

    /// ``send(_:with:streamingBodyTo:)``, with the final answer's status
    /// line and headers handed to `head` first: before the first piece of a
    /// 2xx body, or, for an answer outside 2xx, once no retry will follow
    /// it (before ``NetworkError/status(code:body:)`` is thrown). A command
    /// that prints the headers (`curl -i`) prints them in their place.
    public func send(
        _ request: Request<Data>, with behavior: any RequestBehavior = EmptyRequestBehavior(),
        receivingHead head: @escaping @Sendable (HTTPResponse) -> Void,
        streamingBodyTo body: @escaping @Sendable (Data) throws -> Void
    ) async throws -> HTTPResponse {
        let (data, response, exchange) = try await perform(
            request, with: behavior, streaming: body, head: head)
        await exchange.context.during {
            await exchange.behavior.afterSuccess(response, data: data, for: exchange.context.request)
        }
        return response
    }

    /// Sends `request`, retries once when a behavior asks, and fails on a
    /// status outside 2xx; returns the gathered body (empty when streamed).
    private func perform<Output>(
        _ request: Request<Output>, with behavior: any RequestBehavior,
        streaming: (@Sendable (Data) throws -> Void)?, head: (@Sendable (HTTPResponse) -> Void)? = nil
    ) async throws -> (Data, HTTPResponse, Exchange) {
        let behavior = CombinedRequestBehavior([self.behavior, behavior])
        if Task.isCancelled { throw NetworkError.cancelled }
        let (built, body) = try request.http(against: baseURL)
        let receiving = Receiving(limit: request.bodyLimit, streaming: streaming, head: head)
        var exchange = try await self.exchange(
            built, body: body, headers: request.headers, behavior: behavior, receiving: receiving)
        var (data, response) = try await exchange.answer()
        // A body that cannot be read again is sent once.
        let replayable = body?.canReplay ?? true
        if response.status.kind != .successful, replayable {
            // One more attempt when a behavior can fix the cause (a refreshed token).
            let status = NetworkError.status(code: response.status.code, body: data)
            if await behavior.shouldRetry(after: status, context: exchange.context) {
                await exchange.context.during {
                    await behavior.afterFailure(status, for: exchange.context.request)
                }
                exchange = try await self.exchange(
                    built, body: body, headers: request.headers, behavior: behavior, receiving: receiving)
                (data, response) = try await exchange.answer()
            }
        }
        guard response.status.kind == .successful else {
            head?(response)
            return try await exchange.fail(.status(code: response.status.code, body: data))
        }
        return (data, response, exchange)
    }

    /// Where an answer's body goes: gathered up to `limit` bytes, or, for a
    /// 2xx, to `streaming` when there is one.
    struct Receiving: Sendable {
        let limit: Int
        let streaming: (@Sendable (Data) throws -> Void)?
        /// Told of a 2xx answer's head before its body.
        let head: (@Sendable (HTTPResponse) -> Void)?
    }

    /// One request on its way: the checks and header hooks have run,
    /// `beforeSend` has run, and the transport has been called.
    struct Exchange {
        let context: RequestContext
        let behavior: CombinedRequestBehavior
        let outcome: Result<(Data, HTTPResponse), NetworkError>

        /// The answer, or the transport failure (after its `afterFailure`).
        func answer() async throws -> (Data, HTTPResponse) {
            switch outcome {
            case .success(let answer): return answer
            case .failure(let error): return try await fail(error)
            }
        }

        /// Runs `afterFailure` for `error` and throws it.
        func fail<Result>(_ error: NetworkError) async throws -> Result {
            await context.during { await behavior.afterFailure(error, for: context.request) }
            throw error
        }
    }

    /// Adds the behaviors' headers, under the request's own fields and
    /// `headers` (which win), to `request`,
    /// checks them, runs `beforeSend` and the transport. The response,
    /// whatever its status, is recorded in the context.
    ///
    /// - Throws: ``NetworkError/invalidRequest(_:)``, or a behavior's refusal,
    ///   before any hook but the header hooks ran.
    func exchange(
        _ request: HTTPRequest, body: HTTPRequestBody?, headers: [String: String],
        behavior: CombinedRequestBehavior, receiving: Receiving
    ) async throws -> Exchange {
        var request = request
        let context = RequestContext(request: request)
        let added = try await context.during { try await behavior.additionalHeaders(for: request) }
        do throws(HTTPFieldNameError) {
            // The behaviors' fields, then the request's own (a sequence step's
            // fields, a Request's headers), each replacing any of its name.
            var fields = try HTTPFields(checking: added)
            for name in Set(request.headerFields.map(\.name)) {
                fields[values: name] = request.headerFields[values: name]
            }
            for field in try HTTPFields(checking: headers) { fields[field.name] = field.value }
            request.headerFields = fields
        } catch {
            throw NetworkError.invalidRequest(error.reason)
        }
        if let problem = request.headerFields.problem { throw NetworkError.invalidRequest(problem) }

        context.markSent(request)
        await context.during { await behavior.beforeSend(request) }
        let outcome: Result<(Data, HTTPResponse), NetworkError>
        let collector = BodyCollector(limit: receiving.limit)
        let headTold = Locked(false)
        let tellHead: @Sendable (HTTPResponse) -> Void = { response in
            guard let head = receiving.head, response.status.kind == .successful,
                !headTold.withLock({ told in
                    defer { told = true }
                    return told
                })
            else { return }
            head(response)
        }
        do {
            let response = try await transport.send(request, body: body) { response, piece in
                if let streaming = receiving.streaming, response.status.kind == .successful {
                    tellHead(response)
                    try streaming(piece)
                } else {
                    try collector.take(piece)
                }
            }
            tellHead(response)
            let data = collector.body
            context.recordResponse(response, body: data)
            outcome = Task.isCancelled ? .failure(.cancelled) : .success((data, response))
        } catch {
            outcome = .failure(Self.isCancellation(error) ? .cancelled : .transport(error))
        }
        return Exchange(context: context, behavior: behavior, outcome: outcome)
    }

    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError
            || (error as? NetworkError).map { if case .cancelled = $0 { true } else { false } } == true
    }
}
