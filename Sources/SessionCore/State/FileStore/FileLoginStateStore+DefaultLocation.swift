import SessionSystem

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension FileLoginStateStore {
    /// Where an app keeps its session file by default.
    ///
    /// Tokens are state, not configuration, so they never go under `~/.config`:
    /// - Linux and other Unix: `$XDG_STATE_HOME/<app>/session.json`, else
    ///   `~/.local/state/<app>/session.json` (a relative `XDG_STATE_HOME` is
    ///   ignored, as the XDG spec says);
    /// - Apple platforms: `~/Library/Application Support/<app>/session.json`.
    ///
    /// ```swift
    /// let url = FileLoginStateStore.defaultFileURL(
    ///     appName: "my-app", environment: ProcessInfo.processInfo.environment)
    /// ```
    /// - Parameters:
    ///   - appName: The folder name for this app's state.
    ///   - environment: The variables to read `HOME` and `XDG_STATE_HOME` from.
    public static func defaultFileURL(
        appName: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        URL(
            fileURLWithPath: defaultFilePath(
                appName: appName, home: ProcessEnvironment.value(.home, in: environment),
                stateHome: ProcessEnvironment.value(.stateHome, in: environment)))
    }

    /// The same as a path, from the two variables it reads: for the
    /// command-line tool, which makes neither a dictionary nor asks a `URL`
    /// for its path at start (the first of each costs 0.2M instructions).
    package static func defaultFilePath(appName: String, home: String?, stateHome: String?) -> String {
        #if canImport(Darwin)
            let base = homePath(home) + "/Library/Application Support"
        #else
            let base: String
            if let stateHome, stateHome.hasPrefix("/") {
                base = stateHome
            } else {
                base = homePath(home) + "/.local/state"
            }
        #endif
        return standardized(base + "/" + appName + "/session.json")
    }

    private static func homePath(_ home: String?) -> String {
        if let home, home.hasPrefix("/") { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }
}
