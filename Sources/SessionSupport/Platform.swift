// Foundation's value types (FoundationEssentials where it is a module of its
// own, so that session-cli links no ICU; Foundation elsewhere) and the C
// library (open, flock, poll, getenv, errno…): importing SessionSupport brings
// both, so no file repeats the platform tests. Package-only: the library's
// users never see it; a file that uses Foundation's types in public API
// imports Foundation publicly itself.
#if canImport(FoundationEssentials)
    @_exported public import FoundationEssentials
#else
    @_exported public import Foundation
#endif

#if canImport(Darwin)
    @_exported public import Darwin
#elseif canImport(Glibc)
    @_exported public import Glibc
#elseif canImport(Musl)
    @_exported public import Musl
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
