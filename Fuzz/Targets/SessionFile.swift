// The session file decoder: any bytes on disk. Invariants: the line reader
// (the writer's own layout) and the general reader read a file alike; a
// file whose sessions all decode encodes and decodes to itself.
import Foundation
import SessionCore

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let path = "/fuzz/session.json"
    guard let sessions = try? SessionFileFormat.decode(bytes, path: path) else { return 0 }
    // A credential is checked when it is used: a file can hold one that is not valid.
    guard let stored = try? sessions.stored() else { return 0 }
    guard let general = try? SessionFileFormat.decode(bytes, path: path, byLine: false) else {
        preconditionFailure("the general reader refuses a file the line reader reads")
    }
    precondition((try? general.stored()) == stored, "the two readers read one file differently")
    guard let written = try? SessionFileFormat.encode(sessions) else {
        preconditionFailure("sessions that decode do not encode")
    }
    let again = try? SessionFileFormat.decode(written, path: path)
    precondition((try? again?.stored()) == stored, "decoded sessions do not survive a save")
    return 0
}
