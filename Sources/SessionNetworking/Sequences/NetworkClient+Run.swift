import SessionCore
import SessionHTTP
import SessionSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension NetworkClient {
    /// Runs `sequence` to its end: asks it for a step, waits and sends the
    /// request, hands it the answer, until it finishes.
    ///
    /// Every step goes through the client's behaviors and the same checks as
    /// ``send(_:with:)`` (CR or LF in a header, a bad method). A step may
    /// name any origin; what it carries is decided per request, so the
    /// session's token goes only to its own origin. Every answer, 2xx or not,
    /// goes to the sequence; behaviors still hear a non-2xx as `afterFailure`.
    ///
    /// ```swift
    /// let slot = try await client.run(Upload(api: api, bytes: data))
    /// ```
    /// - Parameter behavior: Runs for every step, inside the client's behavior.
    /// - Returns: What the sequence finished with.
    /// - Throws: What the sequence throws; ``NetworkError`` for a transport
    ///   failure or cancellation (cancelling the task ends a wait at once);
    ///   ``SequenceError`` for a step that is not an http URL, or a sequence
    ///   that does not finish within its ``RequestSequence/stepLimit`` requests.
    public func run<Sequence: RequestSequence>(
        _ sequence: Sequence, with behavior: any RequestBehavior = EmptyRequestBehavior()
    ) async throws -> Sequence.Output {
        let behavior = CombinedRequestBehavior([self.behavior, behavior])
        var sequence = sequence
        var previous: SequenceResponse?
        var sent = 0
        while true {
            switch try sequence.next(after: previous) {
            case .finish(let output):
                return output
            case .send(let request, let body, let wait):
                let limit = sequence.stepLimit
                guard sent < limit else { throw SequenceError.tooManySteps(limit: limit) }
                sent += 1
                if Task.isCancelled { throw NetworkError.cancelled }
                guard let url = request.url, url.scheme == "https" || url.scheme == "http", Origin(url) != nil
                else { throw SequenceError.notAnHTTPURL }
                if wait > .zero {
                    do {
                        try await clock.sleep(for: wait)
                    } catch {
                        throw NetworkError.cancelled
                    }
                }
                var (request, body) = (request, body)
                try (sequence as? any ProvingSequence)?.prove(&request, body: &body)
                let exchange = try await self.exchange(
                    request, body: body.map { .data($0) }, headers: [:], behavior: behavior,
                    receiving: Receiving(limit: sequence.responseLimit, streaming: nil, head: nil))
                let (data, response) = try await exchange.answer()
                let sent = exchange.context.request
                if response.status.kind == .successful {
                    await exchange.context.during {
                        await behavior.afterSuccess(response, data: data, for: sent)
                    }
                } else {
                    let status = NetworkError.status(code: response.status.code, body: data)
                    await exchange.context.during { await behavior.afterFailure(status, for: sent) }
                }
                previous = SequenceResponse(request: exchange.context.request, response: response, body: data)
            }
        }
    }
}
