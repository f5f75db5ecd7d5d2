// A device authorization endpoint's answer, read by the device flow, as JSON
// and as a form.
// Invariant: whatever reaches the prompt is printable ASCII.
import Foundation
import SessionCore
import SessionNetworking

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    let flow = DeviceAuthorizationFlow(
        configuration: OAuthConfiguration(metadata: FuzzAnswer.metadata, clientID: "fuzz", scopes: ["openid"])
    ) { prompt in
        let shown =
            prompt.userCode + prompt.verificationURI.absoluteString
            + (prompt.verificationURIComplete?.absoluteString ?? "")
        precondition(shown.utf8.allSatisfy { (0x20...0x7E).contains($0) }, "a prompt that is not printable")
    }
    // The same bytes as JSON and as a form (GitHub's default answer).
    for contentType in FuzzAnswer.contentTypes.prefix(3) {
        var sequence = flow.sequence
        guard case .send? = try? sequence.next(after: nil) else { return 0 }
        _ = try? sequence.next(after: FuzzAnswer.make(status: 200, body: body, contentType: contentType))
    }
    return 0
}
