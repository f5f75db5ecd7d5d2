import SessionCore
import SessionSystem

extension Executable {
    /// The absolute path of `session-cli` as the person ran it, the path
    /// they keep: `argv[0]` made absolute when it names a path, else the
    /// first match on `PATH` (as the shell found it). Links are not
    /// resolved: a tool installed as a link into a versioned folder keeps
    /// working after an upgrade. `nil` when neither finds it (then the
    /// real path, links resolved).
    static func invokedPath(environment: Environment) -> String? {
        let invoked = CommandLine.arguments.first ?? ""
        if invoked.contains("/") {
            let absolute = invoked.hasPrefix("/") ? invoked : currentDirectory().map { $0 + "/" + invoked }
            return absolute.map { FileLoginStateStore.standardized($0) }
        }
        if !invoked.isEmpty, let path = environment[.path] {
            for folder in path.split(separator: ":") where folder.hasPrefix("/") {
                let candidate = String(folder) + "/" + invoked
                if isRunnable(candidate) { return FileLoginStateStore.standardized(candidate) }
            }
        }
        return folder().map { $0 + "/session-cli" }
    }
}
