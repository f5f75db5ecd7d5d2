#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Why a string is not a valid ``AuthToken``.
///
/// The messages name the kind of byte and where it is, never the token, so an
/// error can be logged or shown without leaking the secret.
///
/// ```swift
/// do { _ = try AuthToken(pasted) }
/// catch let error as AuthTokenError { print(error) }   // "the token has a control character at byte 7"
/// ```
public enum AuthTokenError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The kind of byte that is not allowed in a token.
    public enum ByteClass: String, Sendable, Hashable {
        case space
        case tab
        case carriageReturn = "carriage return (CR)"
        case lineFeed = "line feed (LF)"
        case nul = "NUL byte"
        case control = "control character"
        case nonASCII = "non-ASCII byte"

        init(_ byte: UInt8) {
            switch byte {
            case 0x20: self = .space
            case 0x09: self = .tab
            case 0x0D: self = .carriageReturn
            case 0x0A: self = .lineFeed
            case 0x00: self = .nul
            case 0x80...: self = .nonASCII
            default: self = .control
            }
        }
    }

    case empty
    case tooLong(byteCount: Int)
    case invalidByte(ByteClass, offset: Int)

    /// The message: what failed and what to do next.
    public var description: String {
        switch self {
        case .empty:
            "the token is empty"
        case .tooLong(let count):
            "the token is \(count) bytes long; at most \(SessionLimits.tokenLength) are allowed"
        case .invalidByte(let kind, let offset):
            "the token contains a \(kind.rawValue) at byte \(offset + 1); "
                + "only visible ASCII characters are allowed"
        }
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
