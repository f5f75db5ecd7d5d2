// The DPoP nonce file beside a session file: any bytes on disk (its nonces
// came from servers). Invariants: every line read is an origin and a valid
// nonce, and what is read, written again, reads back the same.
import SessionCore

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let entries = NonceFile.parse(bytes)
    for entry in entries {
        precondition(
            NonceFile.isValid(entry.origin) && NonceFile.isValid(entry.nonce), "an invalid line was read")
    }
    let again = NonceFile.parse(Array(NonceFile.render(entries).utf8))
    precondition(
        again.map(\.origin) == entries.map(\.origin) && again.map(\.nonce) == entries.map(\.nonce),
        "what is read does not read back the same once written")
    return 0
}
