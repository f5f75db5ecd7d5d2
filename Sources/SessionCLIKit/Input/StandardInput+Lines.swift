import Dispatch
import SessionSupport

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
            var wake: [Int32] = [-1, -1]
            guard pipe(&wake) == 0 else { return AsyncStream { $0.finish() } }
            let (wakeRead, wakeWrite) = (wake[0], wake[1])
            return AsyncStream { continuation in
                continuation.onTermination = { _ in
                    var byte: UInt8 = 1
                    _ = systemWrite(wakeWrite, &byte, 1)
                }
                DispatchQueue(label: "session-cli.pasted-lines").async {
                    Self.readLines(fd, until: wakeRead, limit: limit) { continuation.yield(Self.text($0)) }
                    continuation.finish()
                    close(wakeRead)
                    close(wakeWrite)
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
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var watched = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&watched, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, watched[1].revents == 0 else { return }
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return }
            for byte in buffer[..<count] {
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
