// Foundation's value types: FoundationEssentials where it is a module of its
// own, so that session-cli links no ICU; Foundation elsewhere. Importing
// SessionSupport brings them, so no file repeats the platform test.
// Package-only: the library's users never see it; a file that uses
// Foundation's types in public API imports Foundation publicly itself.
//
// The C library is not here: only SessionSystem imports it.
#if canImport(FoundationEssentials)
    @_exported public import FoundationEssentials
#else
    @_exported public import Foundation
#endif
