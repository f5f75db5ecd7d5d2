import SessionCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A job of several requests, each built from the answer to the one before,
/// described as a value and run by ``NetworkClient/run(_:with:)``.
///
/// The description does no I/O: a test drives it by calling ``next(after:)``
/// with recorded answers and reads its waits from the steps. The client does
/// the sending, through its behaviors and checks, step by step.
///
/// ```swift
/// /// Ask the API where to upload, upload there, then confirm with the API.
/// struct Upload: RequestSequence {
///     let api: URL
///     let bytes: Data
///     var stage = 0
///     mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Bool> {
///         defer { stage += 1 }
///         switch stage {
///         case 0: return .send(HTTPRequest(url: api.appending(path: "uploads")))
///         case 1:
///             let slot = try JSONDecoder().decode(Slot.self, from: previous!.body)
///             // Another origin: the API's token stays home.
///             return .send(HTTPRequest(method: .put, url: slot.url), body: bytes)
///         default:
///             return .finish(previous!.response.status.code == 200)
///         }
///     }
/// }
/// let done = try await client.run(Upload(api: api, bytes: data))
/// ```
public protocol RequestSequence: Sendable {
    /// What the sequence produces when it finishes.
    associatedtype Output: Sendable
    /// Called with nil first, then with each answer, 2xx or not. Throw to
    /// stop with an error.
    mutating func next(after previous: SequenceResponse?) throws -> SequenceStep<Output>
    /// The most requests a run sends before it stops the sequence with
    /// ``SequenceError/tooManySteps(limit:)``. Read before every request, so
    /// a sequence can raise it once it knows how long it may run (a device
    /// code's lifetime). The default is ``SessionLimits/sequenceSteps``.
    var stepLimit: Int { get }
    /// The most bytes of an answer's body a run holds; the transfer stops as
    /// soon as a body goes past it (``ResponseTooLargeError``). The default
    /// is ``SessionLimits/responseBodySize``; the sign-in flows take 1 MiB.
    var responseLimit: Int { get }
}

extension RequestSequence {
    /// ``SessionLimits/sequenceSteps``: 1000 requests.
    public var stepLimit: Int { SessionLimits.sequenceSteps }
    /// ``SessionLimits/responseBodySize``: 16 MiB.
    public var responseLimit: Int { SessionLimits.responseBodySize }
}
