import SessionCore
import SessionSupport

/// Where this program is: the companion is run from its folder, and
/// `setup-git` writes `session-cli`'s path into git's configuration.
enum Executable {
    /// The real folder of this executable, symbolic links resolved.
    static func folder() -> String? {
        #if canImport(Darwin)
            var size = UInt32(PATH_MAX)
            var path = [CChar](repeating: 0, count: Int(size))
            guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
            let link = path
        #else
            let link = Array("/proc/self/exe".utf8CString)
        #endif
        guard let resolved = realpath(link, nil) else { return nil }
        defer { free(resolved) }
        let full = String(cString: resolved)
        return full.lastIndex(of: "/").map { String(full[..<$0]) }
    }

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
                if access(candidate, X_OK) == 0 { return FileLoginStateStore.standardized(candidate) }
            }
        }
        return folder().map { $0 + "/session-cli" }
    }

    private static func currentDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }
}
