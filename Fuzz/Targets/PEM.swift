// A PEM file a person names as a key. Invariants: an accepted text has one
// to 16 blocks, each with a label of printable ASCII and DER bytes that
// encode back to base64 which decodes to the same bytes; and a key read
// from it (when one is) signs.
import SessionNetworking
import SessionSupport

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let blocks = try? PEM.blocks(bytes) else { return 0 }
    precondition((1...PEM.maximumBlocks).contains(blocks.count), "a block count out of range")
    for block in blocks {
        precondition(!block.der.isEmpty && block.label.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
        let again = Base64.decode(Array(Base64URL.encode(block.der).utf8), .url)
        precondition(again == block.der, "the DER does not survive its own encoding")
    }
    if let key = try? SigningKey(pem: bytes) {
        precondition((try? key.sign([1, 2, 3])) != nil, "a key that was read cannot sign")
    }
    return 0
}
