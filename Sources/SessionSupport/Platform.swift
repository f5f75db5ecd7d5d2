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

/// `read(2)` and `write(2)` by names that a type's own `read`/`write` methods cannot shadow.
#if canImport(Darwin)
    package let systemRead = Darwin.read
    package let systemWrite = Darwin.write
#elseif canImport(Glibc)
    package let systemRead = Glibc.read
    package let systemWrite = Glibc.write
#elseif canImport(Musl)
    package let systemRead = Musl.read
    package let systemWrite = Musl.write
#endif
