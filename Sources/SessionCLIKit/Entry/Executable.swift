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

    /// The absolute path of `session-cli`: beside this executable, which is
    /// `session-cli` itself or its companion.
    static func sessionCLI() -> String? {
        folder().map { $0 + "/session-cli" }
    }
}
