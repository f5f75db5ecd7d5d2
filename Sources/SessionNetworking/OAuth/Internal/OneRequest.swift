import SessionCore
import SessionHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A sequence of one request: send it, read its answer. What a refresh, a
/// revocation or any other single-request grant is, written in one line:
///
/// ```swift
/// OneRequest(client.formPost(to: endpoint, fields), read: TokenGrant.read)
/// ```
struct OneRequest<Output: Sendable>: RequestSequence {
    let request: Outgoing
    let read: @Sendable (SequenceResponse) throws -> Output

    init(_ request: Outgoing, read: @escaping @Sendable (SequenceResponse) throws -> Output) {
        self.request = request
        self.read = read
    }

    init(_ request: HTTPRequest, read: @escaping @Sendable (SequenceResponse) throws -> Output) {
        self.init(Outgoing(request), read: read)
    }

    /// Only OAuth's single-request grants use it: their answers are held up to 1 MiB.
    var responseLimit: Int { SessionLimits.providerAnswerSize }

    func next(after previous: SequenceResponse?) throws -> SequenceStep<Output> {
        guard let previous else { return .send(request) }
        return .finish(try read(previous))
    }
}
