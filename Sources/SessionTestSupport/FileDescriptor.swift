package import Foundation
import SessionSupport
import SessionSystem

/// One end of a pipe (or any descriptor) that a test reads or writes, with
/// the loops `read(2)` and `write(2)` need: a signal's `EINTR` is retried,
/// never a crash (Foundation's `FileHandle.readDataToEndOfFile()` traps on it).
package final class FileDescriptor: Sendable {
    private let fd: Locked<Int32>

    /// Takes ownership of `raw`: it is closed with the object.
    package init(_ raw: Int32) {
        fd = Locked(raw)
    }

    deinit { close() }

    /// A new pipe, both ends close-on-exec (a child gets an end only through
    /// its file actions).
    package static func pipe() throws -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [Int32] = [0, 0]
        guard openPipe(&ends) == 0 else { throw ChildProcessError(description: "pipe failed") }
        return (FileDescriptor(ends[0]), FileDescriptor(ends[1]))
    }

    /// The descriptor's number; -1 once closed.
    package var raw: Int32 { fd.withLock { $0 } }

    /// Closes it; again is harmless.
    package func close() {
        fd.withLock { fd in
            if fd >= 0 { systemClose(fd) }
            fd = -1
        }
    }

    /// Writes all of `data`.
    package func write(_ data: Data) throws {
        let fd = raw
        try data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let count = systemWrite(fd, base + offset, raw.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw ChildProcessError(description: "write failed: errno \(errno)") }
                offset += count
            }
        }
    }

    /// Up to `limit` bytes, as soon as some are there; empty at the end.
    /// It waits for them: on a thread of its own, never a task's (``PoolCheck``).
    package func read(upTo limit: Int = 65536) throws -> Data {
        PoolCheck.refuseInTask("FileDescriptor.read(upTo:)")
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(raw, $0.baseAddress, limit) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw ChildProcessError(description: "read failed: errno \(errno)") }
            return Data(buffer[..<count])
        }
    }

    /// Everything up to the end (the writer closing its end).
    package func readToEnd() throws -> Data {
        var data = Data()
        while case let piece = try read(), !piece.isEmpty { data += piece }
        return data
    }

    /// One line without its newline; `nil` at the end before any byte.
    package func readLine() throws -> String? {
        var line = Data()
        while true {
            let byte = try read(upTo: 1)
            if byte.isEmpty { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == Data("\n".utf8) { return String(decoding: line, as: UTF8.self) }
            line += byte
        }
    }
}

/// `pipe2(O_CLOEXEC)` where the C library has it (looked up at run time:
/// Swift's Glibc module leaves out what needs `_GNU_SOURCE`), so no child
/// started meanwhile by another thread inherits the new ends; elsewhere
/// `pipe` and then the flag.
private func openPipe(_ ends: inout [Int32]) -> Int32 {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    if let pipe2 = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") {
        return ends.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return -1 }
            return unsafeBitCast(pipe2, to: Pipe2.self)(base, O_CLOEXEC)
        }
    }
    guard pipe(&ends) == 0 else { return -1 }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return 0
}
