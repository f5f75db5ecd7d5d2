public import SessionHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What the previous step of a ``RequestSequence`` got back, whatever its
/// status: a `400 authorization_pending` is an answer like any other.
///
/// ```swift
/// mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<URL> {
///     guard let previous else { return .send(askWhereToUpload) }
///     guard previous.response.status.code == 200 else { throw UploadError.refused(previous.response.status.code) }
///     ...
/// }
/// ```
public struct SequenceResponse: Sendable {
    /// The request as it was sent, headers included (its body is the step's).
    public let request: HTTPRequest
    /// The final response, after any redirect the transport followed.
    public let response: HTTPResponse
    /// The response's body.
    public let body: Data

    /// An answer: what the client passes to `next`, and what a test feeds a
    /// sequence from a recording.
    public init(request: HTTPRequest, response: HTTPResponse, body: Data) {
        self.request = request
        self.response = response
        self.body = body
    }
}
