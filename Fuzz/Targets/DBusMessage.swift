// A message from the session bus: any bytes the bus, or whatever answers
// in the keyring's name, sends. Invariants: the header's length is the
// message's, and a message that decodes encodes (as this client writes it,
// little-endian) to bytes that decode and encode to the same bytes (bytes,
// not values: a double can be NaN, which equals nothing).
import SessionSystem

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard var message = try? DBusMessage.decode(bytes) else { return 0 }
    precondition(
        (try? DBusMessage.length(ofMessageStartingWith: bytes[...])) == bytes.count,
        "a message decoded whose header gives another length")
    // The client never writes a sender: the bus adds it.
    message.sender = nil
    guard let written = try? message.encoded(serial: message.serial) else {
        preconditionFailure("a decoded message does not encode")
    }
    let again = try? DBusMessage.decode(written).encoded(serial: message.serial)
    precondition(again == written, "a decoded message does not survive encoding")
    return 0
}
