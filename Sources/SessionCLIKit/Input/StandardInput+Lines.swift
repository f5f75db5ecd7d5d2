import Dispatch
import SessionSupport
import SessionSystem

extension StandardInput {
    /// The lines a person types or pastes, as they arrive, each without its
    /// line end; the stream ends at the end of the input. A line longer than
    /// `limit` bytes is dropped whole. In a test, the input's remaining lines.
    ///
    /// The terminal is read as it is set (echo on, a line at a time) on a
    /// thread of its own that sleeps in `poll`; when the stream's consumer
    /// stops, the thread is woken and ends, and nothing more is read.
    package func lines(limit: Int) -> AsyncStream<String> {
        switch source {
        case .memory:
            let rest = (try? readToEnd(limit: Int.max)) ?? []
            return AsyncStream { continuation in
                for line in rest.split(separator: 0x0A) { continuation.yield(Self.text(line)) }
                continuation.finish()
            }
        case .descriptor(let fd):
            guard let (wakeRead, wakeWrite) = try? Descriptors.wakePipe() else {
                return AsyncStream { $0.finish() }
            }
            return AsyncStream { continuation in
                continuation.onTermination = { _ in Descriptors.wake(wakeWrite) }
                DispatchQueue(label: "session-cli.pasted-lines").async {
                    Self.readLines(fd, until: wakeRead, limit: limit) { continuation.yield(Self.text($0)) }
                    continuation.finish()
                    systemClose(wakeRead)
                    systemClose(wakeWrite)
                }
            }
        }
    }

    private static func text(_ line: some Collection<UInt8>) -> String {
        String(decoding: line, as: UTF8.self).trimmingSpaces
    }

    /// Reads `fd` a line at a time until its end, or until `wake` becomes readable.
    private static func readLines(_ fd: Int32, until wake: Int32, limit: Int, line: ([UInt8]) -> Void) {
        var pending: [UInt8] = []
        var overlong = false
        while true {
            guard let ready = Descriptors.wait(readable: [fd, wake], milliseconds: -1), !ready[1] else {
                return
            }
            guard ready[0] else { continue }
            let piece: [UInt8]?
            do {
                piece = try Descriptors.readIfReady(fd, upTo: 4096)
            } catch {
                return
            }
            guard let bytes = piece else { continue }  // nothing after all: wait again
            guard !bytes.isEmpty else { return }
            for byte in bytes {
                if byte == 0x0A {
                    if !overlong { line(pending) }
                    pending.removeAll(keepingCapacity: true)
                    overlong = false
                } else if pending.count < limit {
                    pending.append(byte)
                } else {
                    overlong = true
                }
            }
        }
    }
}
