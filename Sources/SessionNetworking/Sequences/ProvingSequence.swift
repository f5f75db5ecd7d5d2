import Foundation

#if canImport(FoundationNetworking)
    package import FoundationNetworking
#endif

/// A sequence whose requests carry something that must be fresh when they
/// leave (a DPoP proof, a client assertion): ``NetworkClient/run(_:with:)``
/// hands each step's request to ``proving(_:)`` after the step's wait, just
/// before it is sent, so a device poll sent 5 s after it was planned is
/// signed when it goes.
package protocol ProvingSequence: RequestSequence {
    /// `request` with what it proves, made now.
    func proving(_ request: URLRequest) throws -> URLRequest
}
