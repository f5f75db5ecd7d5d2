// An HTTP answer's head as libcurl hands it over, a line at a time (the
// input split at each LF, which each line keeps). Invariants: a head taken
// whole has a status from 100 to 999 once it has one, at most the limit's
// fields, and names and values with no CR, LF or NUL and no white space
// around them; a name is never empty and holds no colon; the status line's
// words are the same.
import SessionCore
import SessionNetworking

/// libFuzzer's entry point: one input, `count` bytes at `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var head = ResponseHead()
    var line: [UInt8] = []
    for byte in bytes {
        line.append(byte)
        guard byte == 0x0A else { continue }
        do { try head.take(line) } catch { return 0 }
        line = []
    }
    precondition(head.statusCode == 0 || (100...999).contains(head.statusCode), "a status out of range")
    precondition(head.fields.count <= SessionLimits.responseHeaderCount, "more fields than the limit")
    let phrase = head.reasonPhrase
    precondition(
        !phrase.utf8.contains { $0 == 0 || $0 == 0x0A || $0 == 0x0D }, "a control byte in the phrase")
    precondition(phrase.first != " " && phrase.last != " ", "white space around the phrase")
    for (name, value) in head.fields {
        precondition(!name.isEmpty && !name.contains(":"), "an empty name, or one with a colon")
        for text in [name, value] {
            let control = text.utf8.contains { $0 == 0 || $0 == 0x0A || $0 == 0x0D }
            precondition(!control, "a control byte")
            precondition(text.first != " " && text.last != " " && text.first != "\t" && text.last != "\t")
        }
    }
    return 0
}
