// A request head as the loopback listener receives it. Invariant: an
// accepted head has a GET-like method, a path that starts with "/", and
// printable ASCII only.
import SessionNetworking

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard case .complete(let head) = RequestHead.read(bytes, limit: 16_384) else { return 0 }
    precondition(head.path.hasPrefix("/"), "a path that is not in origin form")
    let target = head.path + (head.query.map { "?" + $0 } ?? "")
    precondition(target.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "an unprintable target")
    return 0
}
