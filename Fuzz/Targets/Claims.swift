// An ID token's payload, checked and read for the account name, against a
// plain issuer or (for an input of odd length) Microsoft's `{tenantid}`
// template. Invariants: an account that comes out is safe on a terminal, and
// a token accepted for the template names a real tenant's issuer, never the
// template itself.
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
    let template = "https://login.microsoftonline.com/{tenantid}/v2.0"
    let issuer =
        count % 2 == 0
        ? IDTokenIssuer(issuer: FuzzAnswer.metadata.issuer)
        : IDTokenIssuer(issuer: FuzzAnswer.microsoft, documentIssuer: template)
    guard let token = try? IDToken("e30." + payload + ".sig", issuer: issuer, clientID: "fuzz", nonce: nil)
    else { return 0 }
    if count % 2 == 1, case .string(let named)? = token.claims["iss"] {
        precondition(!named.contains("{") && named != template, "the template accepted as an issuer")
    }
    if let account = AccountClaims.name(in: [token.claims]) {
        precondition(TerminalText.isSafe(account) && account.count <= 256, "an unsafe account name")
    }
    return 0
}
