public import SessionHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What a ``RequestSequence`` asks for next: a request, or its result.
///
/// ```swift
/// mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Int> {
///     guard let previous else { return .send(HTTPRequest(url: statusURL)) }
///     return .finish(previous.response.status.code)
/// }
/// ```
public enum SequenceStep<Output: Sendable>: Sendable {
    /// Send this request (its URL is absolute and may name any origin) with
    /// `body` after waiting `after`: a poll's interval, a back-off. The wait
    /// is data: a test reads it from the step instead of sleeping.
    case send(HTTPRequest, body: Data? = nil, after: Duration = .zero)
    /// The sequence is done; `run` returns this.
    case finish(Output)
}
