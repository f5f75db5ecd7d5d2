package import SessionCore
import SessionSupport

/// Which session file the tool uses.
package enum StoreLocation {
    /// The folder name under the state directory.
    package static let appName = "session-cli"

    /// The longest `SESSION_CLI_LOCK_TIMEOUT` accepted, in seconds.
    static let longestLockTimeout = 3600

    /// `--store`, else `SESSION_CLI_STORE`, else the library's default location.
    /// A relative path is taken from the current directory. Writers wait for
    /// another process's lock `SESSION_CLI_LOCK_TIMEOUT` seconds (default 20).
    package static func resolve(option: String?, environment: Environment) throws(CLIError)
        -> FileLoginStateStore
    {
        let timeout = try lockTimeout(environment[.lockTimeout])
        if let path = option ?? environment[.store] {
            guard !path.isEmpty else { throw .usage("--store needs a file path") }
            guard !path.hasSuffix("/") else { throw .usage("--store must name a file, not a folder") }
            return FileLoginStateStore(path: path, lockTimeout: timeout)
        }
        return FileLoginStateStore(
            path: FileLoginStateStore.defaultFilePath(
                appName: appName, home: environment[.home], stateHome: environment[.stateHome]),
            lockTimeout: timeout)
    }

    private static func lockTimeout(_ text: String?) throws(CLIError) -> TimeInterval {
        guard let text else { return SessionLimits.lockTimeout }
        guard let seconds = Double(text), seconds.isFinite, (0...Double(longestLockTimeout)).contains(seconds)
        else {
            throw .usage("invalid SESSION_CLI_LOCK_TIMEOUT: give seconds from 0 to \(longestLockTimeout)")
        }
        return seconds
    }
}
