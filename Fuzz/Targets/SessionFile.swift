// The session file decoder: any bytes on disk. Invariant: a file that
// decodes is a session that encodes and decodes to itself.
import Foundation
import SessionCore

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let credential = try? SessionFileFormat.decode(data, path: "/fuzz/session.json") else { return 0 }
    guard let written = try? SessionFileFormat.encode(credential) else {
        preconditionFailure("a decoded session does not encode")
    }
    let again = try? SessionFileFormat.decode(written, path: "/fuzz/session.json")
    precondition(again == credential, "a decoded session does not survive a save")
    return 0
}
