#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The environment variables the tool reads, and only those.
///
/// `ProcessInfo.environment` copies the whole environment into a dictionary
/// through generic code: 0.7M instructions, about a seventh of `status`
/// (callgrind). A dozen `getenv` calls cost next to nothing.
package enum Environment {
    package static let names = [
        "HOME", "XDG_STATE_HOME", "SESSION_CLI_STORE", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR", "TERM",
        "PATH", "SESSION_CLI_LOCK_TIMEOUT", "SESSION_CLI_ISSUER", "SESSION_CLI_CLIENT_ID",
        "SESSION_CLI_CLIENT_SECRET", "SESSION_CLI_CALLBACK_PORT", "SESSION_CLI_CALLBACK_HOST",
        "SESSION_CLI_TOKEN",
    ]

    /// The tool's variables that are set, by name.
    package static func current() -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
