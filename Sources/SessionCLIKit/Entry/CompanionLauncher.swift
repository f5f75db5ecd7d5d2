import SessionSupport

/// Hands a command that needs networking to `session-cli-api`, the companion
/// executable, by replacing this process with it.
///
/// Networking links FoundationNetworking (libcurl and some 30 libraries,
/// ~5 ms at every start), and `status`, `login` and `logout` must not pay for
/// it. The companion receives the session's token, so only the one installed
/// beside this executable is run, never one found on `PATH` (git's
/// exec-path rule): a `session-cli-api` planted earlier on `PATH` would
/// otherwise be handed the token.
enum CompanionLauncher {
    static let companionName = "session-cli-api"

    /// Replaces this process with the companion, passing the whole command line.
    static func run(_ arguments: [String]) throws(CLIError) -> ExitCode {
        guard let folder = executableFolder() else {
            throw CLIError(
                "cannot find the folder session-cli runs from, to start \(companionName)", code: .software)
        }
        let companion = folder + "/" + companionName
        guard access(companion, X_OK) == 0 else {
            throw CLIError(
                "\(companionName) is missing from \(folder); install it in the same folder as session-cli",
                code: .software)
        }
        let argv = ([companion] + arguments).map { strdup($0) } + [nil]
        execv(companion, argv)
        throw CLIError("cannot run \(companion): \(String(cString: strerror(errno)))", code: .software)
    }

    /// The real folder of this executable, symbolic links resolved.
    private static func executableFolder() -> String? {
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
}
