// The C library, imported here and in no target but this one (and
// SessionSystemNetwork, for libcurl and libcrypto): everything above calls
// the Swift functions of this target, and `MemberImportVisibility` makes a
// file that wants one import SessionSystem, which shows it.
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `read(2)`, by a name that a type's own `read` method cannot shadow.
@inline(__always)
package func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// `write(2)`, by a name that a type's own `write` method cannot shadow.
@inline(__always)
package func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// `close(2)`, by a name that a type's own `close` method cannot shadow.
@inline(__always)
@discardableResult
package func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}

/// Repeats a system call that a signal interrupted (`-1` with `EINTR`),
/// and returns its first other result.
package func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

/// The C library's byte searches (`memchr`, `memcmp`), for the readers that
/// run at every start of the tool.
package enum Memory {
    /// The index of the first `byte` in `base[start..<end]`, or `nil`.
    @inline(__always)
    package static func firstIndex(
        of byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int
    ) -> Int? {
        guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `count` bytes at `a` and at `b` are the same.
    @inline(__always)
    package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }
}
