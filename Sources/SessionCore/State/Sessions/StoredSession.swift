#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// One session of a store, as ``LoginStateStore/sessions()`` lists it:
/// without its secrets (``SessionSummary``). Its repository gives them:
/// `store.repository(for: session.key).load()`.
///
/// ```swift
/// for session in try store.sessions() {
///     print(session.key, session.isDefault ? "(default)" : "", session.summary.expiresAt as Any)
/// }
/// ```
public struct StoredSession: Sendable, Hashable {
    /// Which session it is.
    public var key: SessionKey { summary.key }
    /// The session, without its secrets.
    public let summary: SessionSummary
    /// The session as the store read it: with its secrets when they are in
    /// the file, with stand-ins when they are in the keyring.
    package let credential: Credential
    /// Whether it is the default session: the one the store itself, as a
    /// ``LoginStateRepository``, shows.
    public let isDefault: Bool
    /// When it was last logged in, made the default, or refreshed, at a
    /// whole second: when the default is logged out, the most recently used
    /// of the others becomes the default.
    public let usedAt: Date

    /// A session as a store lists it: a store of your own makes one per
    /// session (``LoginStateStore/sessions()``). Only its ``summary`` is
    /// public; the credential stays with the library.
    public init(credential: Credential, isDefault: Bool, usedAt: Date) {
        self.credential = credential
        summary = SessionSummary(credential)
        self.isDefault = isDefault
        self.usedAt = usedAt.wholeSeconds
    }
}
