/// Why the system keyring (the freedesktop Secret Service on the session
/// D-Bus: gnome-keyring, KWallet, KeePassXC) could not keep or give a
/// session's secrets. Never a silent fallback: a session kept in the keyring
/// is never written in plain text instead.
///
/// ```swift
/// do { try store.load() } catch let error as KeyringError { print(error) }   // "the keyring is locked …"
/// ```
public enum KeyringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No session bus: `DBUS_SESSION_BUS_ADDRESS` is unset (and there is
    /// no `$XDG_RUNTIME_DIR/bus`), or it cannot be connected to.
    case noSessionBus(reason: String)
    /// Nothing on the bus provides `org.freedesktop.secrets`.
    case noSecretService
    /// The default collection is locked, and its unlock prompt was
    /// dismissed (by the person, or by a keyring with nothing to prompt
    /// with) or not answered within ``SessionLimits/keyringUnlockWait``.
    case locked
    /// The keyring did not answer within ``SessionLimits/keyringCallDeadline``.
    case timedOut
    /// The keyring has no default collection to keep items in.
    case noDefaultCollection
    /// The session's secret is not in the keyring (deleted outside this tool).
    case missingSecret(item: String)
    /// Ctrl-C while waiting for the keyring to be unlocked.
    /// `promptLeftOpen`: the keyring's unlock window was not taken down
    /// (gnome-keyring's cannot be, safely), so the person can still answer
    /// or close it.
    case cancelled(promptLeftOpen: Bool)
    /// The bus or the keyring failed otherwise.
    case failed(reason: String)

    /// The message: what failed and how to fix it.
    public var description: String {
        let fix = "start a Secret Service (gnome-keyring, KWallet or KeePassXC), or use --secrets file"
        return switch self {
        case .noSessionBus(let reason): "the keyring cannot be reached: no session D-Bus (\(reason)); \(fix)"
        case .noSecretService:
            "the keyring cannot be reached: nothing on the session D-Bus provides org.freedesktop.secrets; \(fix)"
        case .locked:
            "the keyring is locked, and its unlock prompt was dismissed or not answered in time; unlock it (log in to the desktop, or seahorse), or use --secrets file"
        case .timedOut:
            "the keyring did not answer within \(SessionLimits.keyringCallDeadline.components.seconds) s; check that gnome-keyring (or your Secret Service) is running, or use --secrets file"
        case .noDefaultCollection:
            "the keyring has no default collection to keep the session in; create one (seahorse), or use --secrets file"
        case .missingSecret(let item): "the session's \(item) is missing from the keyring; log in again"
        case .cancelled(let promptLeftOpen):
            "cancelled while waiting for the keyring to be unlocked; nothing was changed"
                + (promptLeftOpen ? " (its unlock window stays open: answer it or close it)" : "")
        case .failed(let reason): "the keyring failed: \(reason); \(fix)"
        }
    }
}
