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
        #if canImport(Darwin)
            let base = homeDirectory(environment).appendingPathComponent("Library/Application Support")
        #else
            let base: URL
            if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
                base = URL(fileURLWithPath: state, isDirectory: true)
            } else {
                base = homeDirectory(environment).appendingPathComponent(".local/state", isDirectory: true)
            }
        #endif
        return base.appendingPathComponent(appName, isDirectory: true)
            .appendingPathComponent("session.json", isDirectory: false)
    }

    private static func homeDirectory(_ environment: [String: String]) -> URL {
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
    }
}
