public import SessionCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Why a machine's platform token could not be spent: it could not be
/// had from its source, or the provider refused it.
///
/// Each message names the source (``AssertionSource/description``) and the
/// reason, never the token. A renewal that meets one keeps the session, and
/// a token that still works is used; none starts a retry.
///
/// ```swift
/// do { try await Login(provider: flow).perform(with: store) }
/// catch PlatformTokenError.refused(let source, let code, _) { print("\(source) refused: \(code)") }
/// ```
public enum PlatformTokenError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The token cannot be had from `source`: not set, empty, not a token,
    /// or expired (`reason` says which).
    case unavailable(source: AssertionSource, reason: String)
    /// The source (GitHub Actions' token service) cannot be reached.
    case unreachable(source: AssertionSource, reason: String)
    /// The file the token is read from cannot be read.
    case unreadable(path: String, reason: String)
    /// The provider refused the token from `source` with the OAuth error
    /// `code`, and its description when it may be shown.
    case refused(source: AssertionSource, code: String, description: String?)

    /// The message: what failed, and where the token came from.
    public var description: String {
        switch self {
        case .unavailable(let source, let reason):
            "no usable platform token from \(source): \(reason)"
        case .unreachable(let source, let reason):
            "cannot reach \(source) for a platform token: \(reason)"
        case .unreadable(let path, let reason):
            "cannot read the platform token file \(path): \(reason)"
        case .refused(let source, let code, let description):
            "the provider refused the platform token from \(source) (\(code)"
                + (description.map { ": \($0)" } ?? "") + ")"
        }
    }

    /// The same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
