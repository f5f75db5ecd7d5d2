package import SessionCore
import SessionSupport
import SessionSystem

/// Which session file the tool uses.
package enum StoreLocation {
    /// The folder name under the state directory.
    package static let appName = "session-cli"

    /// The longest `SESSION_CLI_LOCK_TIMEOUT` accepted, in seconds.
    static let longestLockTimeout = Int(SessionLimits.longestLockTimeout)

    /// `--store`, else `SESSION_CLI_STORE`, else the library's default location.
    /// A relative path is taken from the current directory. Writers wait for
    /// another process's lock `SESSION_CLI_LOCK_TIMEOUT` seconds (default 40).
    /// Sessions that keep their secrets in the keyring find it on the session
    /// bus of `DBUS_SESSION_BUS_ADDRESS` (else `$XDG_RUNTIME_DIR/bus`); a wait
    /// for it to be unlocked is said on `console` and ends at Ctrl-C.
    package static func resolve(
        option: String?, environment: Environment, console: Console, language: Language
    ) throws(CLIError) -> FileLoginStateStore {
        let timeout = try lockTimeout(environment[.lockTimeout])
        var path = FileLoginStateStore.defaultFilePath(
            appName: appName, home: environment[.home], stateHome: environment[.stateHome])
        if let given = option ?? environment[.store] {
            guard !given.isEmpty else { throw CLIError(.storeNeedsPath) }
            guard !given.hasSuffix("/") else { throw CLIError(.storeMustBeFile) }
            path = given
        }
        let (address, runtimeDirectory) = (environment[.sessionBus], environment[.runtimeDirectory])
        return FileLoginStateStore(path: path, lockTimeout: timeout) { absolutePath in
            KeyringSecretStore(
                application: appName, storePath: absolutePath, address: address,
                runtimeDirectory: runtimeDirectory,
                onPrompt: {
                    let minutes = String(SessionLimits.keyringUnlockWait.components.seconds / 60)
                    console.error(Message(.keyringWaiting, ["minutes": minutes]).text(in: language))
                }, interrupts: Signals.interrupts)
        }
    }

    private static func lockTimeout(_ text: String?) throws(CLIError) -> TimeInterval {
        guard let text else { return SessionLimits.lockTimeout }
        guard let seconds = Double(text), seconds.isFinite, (0...Double(longestLockTimeout)).contains(seconds)
        else {
            throw CLIError(.invalidLockTimeout, ["longest": String(longestLockTimeout)])
        }
        return seconds
    }
}
