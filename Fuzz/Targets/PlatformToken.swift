// A machine's platform token as a file, a variable or a token service gave
// it, checked before it is sent: printable, bounded, a JWT's `exp` not passed.
// Invariants: an accepted token is a valid token of at most 64 KiB, and a
// refusal's reason never repeats the input.
import Foundation
import SessionCore
import SessionNetworking
import SessionSupport

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    // Half the inputs as they are, half as a JWT whose payload they are (the claims the check reads).
    let text =
        count % 2 == 0
        ? String(decoding: bytes, as: UTF8.self)
        : "eyJhbGciOiJSUzI1NiJ9." + Base64URL.encode(bytes) + ".c2ln"
    let source = AssertionSource.file("/fuzz")
    do {
        let token = try PlatformToken.check(
            text, from: source, now: Date(timeIntervalSince1970: 1_800_000_000))
        precondition((try? AuthToken(token.value)) != nil, "an invalid token was accepted")
        precondition(token.value.utf8.count <= 64 << 10, "an oversized token was accepted")
    } catch PlatformTokenError.unavailable(_, let reason) {
        // A printable input (what a token is) is never repeated; others cannot be tokens anyway.
        let printable = text.utf8.count >= 8 && text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
        precondition(!printable || !reason.contains(text), "a refusal repeats the token")
    } catch {
        preconditionFailure("an unexpected error: \(type(of: error))")
    }
    return 0
}
