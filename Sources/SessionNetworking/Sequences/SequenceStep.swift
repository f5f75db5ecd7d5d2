import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// What a ``RequestSequence`` asks for next: a request, or its result.
///
/// ```swift
/// mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Int> {
///     guard let previous else { return .send(URLRequest(url: statusURL)) }
///     return .finish(previous.response.statusCode)
/// }
/// ```
public enum SequenceStep<Output: Sendable>: Sendable {
    /// Send this request (its URL is absolute and may name any origin) after
    /// waiting `after`: a poll's interval, a back-off. The wait is data: a
    /// test reads it from the step instead of sleeping.
    case send(URLRequest, after: Duration = .zero)
    /// The sequence is done; `run` returns this.
    case finish(Output)
}
