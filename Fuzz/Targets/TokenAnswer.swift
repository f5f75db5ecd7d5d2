// A token endpoint's answer (sign-in, device polls, refresh), with the status
// chosen by the first byte's low two bits and the content type (none, JSON, a
// form, plain text) by the next two. Invariant: an accepted grant holds only
// valid tokens and RFC 6749 scopes.
import Foundation
import SessionCore
import SessionNetworking
import SessionSupport

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let status = [200, 400, 401, 500][Int(bytes[0]) % 4]
    let contentType = FuzzAnswer.contentTypes[Int(bytes[0] >> 2) % 4]
    let answer = FuzzAnswer.make(status: status, body: Data(bytes.dropFirst()), contentType: contentType)
    guard case .grant(let grant)? = try? TokenGrant.read(answer) else { return 0 }
    precondition((try? AuthToken(grant.accessToken.value)) != nil, "an invalid access token was accepted")
    precondition((grant.scopes ?? []).allSatisfy(ScopeToken.isValid), "an invalid scope was accepted")
    return 0
}
