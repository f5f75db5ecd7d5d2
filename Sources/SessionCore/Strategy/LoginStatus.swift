#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A snapshot of the session as a UI or the command-line tool shows it: the
/// phase, the credential behind it, and the button to draw.
///
/// ```swift
/// let status = try usecase.status()
/// status.phase                          // .expired
/// status.strategy.label(for: locale)    // "Log in"
/// ```
public struct LoginStatus: Sendable {
    /// Where the session stands at ``checkedAt``.
    public enum Phase: String, Sendable, CaseIterable {
        case loggedOut = "logged_out"
        case loggedIn = "logged_in"
        case expired
    }

    /// Logged in, logged out, or expired.
    public let phase: Phase
    /// The session shown, without its secrets; expired ones too, `nil` when logged out.
    public let session: SessionSummary?
    /// The credential the status was decided from, when the caller read one
    /// (the command-line tool's `status`); the usecase reads only the summary.
    package let credential: Credential?
    /// The button to show: ``Logout`` when logged in, ``Login`` otherwise.
    public let strategy: any LoginStrategy
    /// The moment the phase was decided for.
    public let checkedAt: Date

    /// Whether the session is logged in only thanks to its refresh token: the
    /// access token has expired and is refreshed on its next use.
    public var refreshesOnUse: Bool {
        guard let session, phase == .loggedIn else { return false }
        return session.isExpired(at: checkedAt)
    }

    package init(
        phase: Phase, session: SessionSummary?, credential: Credential? = nil, strategy: any LoginStrategy,
        checkedAt: Date
    ) {
        self.phase = phase
        self.session = session
        self.credential = credential
        self.strategy = strategy
        self.checkedAt = checkedAt
    }
}
