// The two discovery documents, split at the first NUL byte. Invariant:
// accepted metadata names the issuer asked for and only safe endpoints.
import Foundation
import SessionCore
import SessionNetworking

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let documents = [Data(bytes[..<split]), Data(bytes[min(split + 1, bytes.count)...])]
    var discovery = ProviderDiscovery(issuer: FuzzAnswer.metadata.issuer)
    var previous: SequenceResponse?
    for round in 0...2 {
        guard let step = try? discovery.next(after: previous) else { return 0 }
        switch step {
        case .send: previous = FuzzAnswer.make(status: 200, body: documents[min(round, 1)])
        case .finish(let metadata):
            precondition(metadata.issuer == FuzzAnswer.metadata.issuer, "another issuer was accepted")
            let endpoints = [
                metadata.tokenEndpoint, metadata.authorizationEndpoint, metadata.revocationEndpoint,
                metadata.userinfoEndpoint, metadata.deviceAuthorizationEndpoint,
            ].compactMap { $0 }
            precondition(
                endpoints.allSatisfy(SecretDestination.permits), "an unsafe endpoint")
            return 0
        }
    }
    return 0
}
