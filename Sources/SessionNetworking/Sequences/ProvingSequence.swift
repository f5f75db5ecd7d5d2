package import SessionHTTP

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// A sequence whose requests carry something that must be fresh when they
/// leave (a DPoP proof, a client assertion): ``NetworkClient/run(_:with:)``
/// hands each step's request to ``prove(_:body:)`` after the step's wait, just
/// before it is sent, so a device poll sent 5 s after it was planned is
/// signed when it goes.
package protocol ProvingSequence: RequestSequence {
    /// Adds what `request` proves, made now, to it or to its `body`.
    func prove(_ request: inout HTTPRequest, body: inout Data?) throws
}
