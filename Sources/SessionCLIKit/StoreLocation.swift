import Foundation
public import SessionCore

/// Which session file the tool uses.
public enum StoreLocation {
    /// The folder name under the state directory.
    public static let appName = "session-cli"

    /// `--store`, else `SESSION_CLI_STORE`, else the library's default location.
    /// A relative path is taken from the current directory.
    public static func resolve(option: String?, environment: [String: String]) throws(CLIError)
        -> FileLoginStateStore
    {
        if let path = option ?? environment["SESSION_CLI_STORE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard !path.isEmpty else { throw .usage("--store needs a file path") }
            guard !path.hasSuffix("/") else { throw .usage("--store must name a file, not a folder") }
            return FileLoginStateStore(fileURL: URL(fileURLWithPath: path))
        }
        return FileLoginStateStore(
            fileURL: FileLoginStateStore.defaultFileURL(appName: appName, environment: environment))
    }
}
