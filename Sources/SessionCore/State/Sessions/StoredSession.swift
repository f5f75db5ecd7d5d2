#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// One session of a store, as ``LoginStateStore/sessions()`` lists it.
///
/// ```swift
/// for session in try store.sessions() {
///     print(session.key, session.isDefault ? "(default)" : "", session.credential.expiresAt as Any)
/// }
/// ```
public struct StoredSession: Sendable, Hashable {
    /// Which session it is.
    public var key: SessionKey { credential.key }
    /// The session.
    public let credential: Credential
    /// Whether it is the default session: the one the store itself, as a
    /// ``LoginStateRepository``, shows.
    public let isDefault: Bool
    /// When it was last logged in, made the default, or refreshed, at a
    /// whole second: when the default is logged out, the most recently used
    /// of the others becomes the default.
    public let usedAt: Date

    /// A session as a store lists it.
    public init(credential: Credential, isDefault: Bool, usedAt: Date) {
        self.credential = credential
        self.isDefault = isDefault
        self.usedAt = usedAt.wholeSeconds
    }
}
