// An ID token's payload, checked and read for the account name. Invariant:
// an account that comes out is safe on a terminal.
import Foundation
import SessionCore
import SessionNetworking
import SessionSupport

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let payload = Data(bytes: start, count: count).base64EncodedString().replacingOccurrences(
        of: "+", with: "-"
    )
    .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    guard
        let token = try? IDToken(
            "e30." + payload + ".sig", issuer: FuzzAnswer.metadata.issuer, clientID: "fuzz", nonce: nil)
    else { return 0 }
    if let account = AccountClaims.name(in: [token.claims]) {
        precondition(TerminalText.isSafe(account) && account.count <= 256, "an unsafe account name")
    }
    return 0
}
