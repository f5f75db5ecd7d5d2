#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Whether a store holds a session.
///
/// An expired credential is still `.loggedIn` here: the state is what the
/// store holds. Whether that counts as logged in *now* is ``activeCredential(at:)``,
/// and what the UI shows is ``LoginUsecase``'s decision.
///
/// ```swift
/// if let credential = try store.load().activeCredential(at: Date()) { use(credential.token) }
/// ```
public enum LoginState: Sendable, Hashable {
    case loggedOut
    case loggedIn(Credential)

    /// The stored credential, expired or not.
    public var credential: Credential? {
        guard case .loggedIn(let credential) = self else { return nil }
        return credential
    }

    /// The credential if there is one and it has not expired at `date`.
    public func activeCredential(at date: Date) -> Credential? {
        credential.flatMap { $0.isExpired(at: date) ? nil : $0 }
    }
}

extension LoginState: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What `print` and string interpolation show; never a secret.
    public var description: String {
        credential.map { "loggedIn(\($0))" } ?? "loggedOut"
    }

    /// What `debugPrint` shows: the same as `description`.
    public var debugDescription: String { description }

    /// What `dump` shows: the redacted form, never the secret.
    public var customMirror: Mirror {
        Mirror(self, children: credential.map { ["loggedIn": $0] } ?? [:], displayStyle: .enum)
    }
}
