import SessionSupport

/// The environment variables the tool reads, and only those.
///
/// `ProcessInfo.environment` copies the whole environment into a dictionary
/// through generic code: 0.7M instructions, about a seventh of `status`
/// (callgrind). A dozen `getenv` calls cost next to nothing.
package enum Environment {
    package static let names =
        ["HOME", "XDG_STATE_HOME", "LC_ALL", "LC_MESSAGES", "LANG", "TERM", "PATH"] + documented.map(\.name)

    /// The tool's own variables, with their help, as the overview and the
    /// CLI reference list them.
    package static let documented: [(name: String, help: String)] = [
        ("SESSION_CLI_STORE", "The session file, when --store is not given."),
        ("SESSION_CLI_LOCK_TIMEOUT", "Seconds a writer waits for another process's lock (default 20)."),
        ("SESSION_CLI_ISSUER", "The provider for login --device and --web, when --issuer is not given."),
        (
            "SESSION_CLI_CLIENT_ID",
            "The client ID for login --device and --web, when --client-id is not given."
        ),
        ("SESSION_CLI_CLIENT_SECRET", "A confidential client's secret (never an option: ps shows options)."),
        ("SESSION_CLI_CALLBACK_PORT", "The port for login --web, when --callback-port is not given."),
        (
            "SESSION_CLI_CALLBACK_HOST",
            "The redirect's host for login --web, when --callback-host is not given."
        ),
        (
            "SESSION_CLI_TOKEN",
            "A token that overrides the session for token and api; login and logout refuse."
        ),
        ("NO_COLOR", "Set: no color with --color auto."),
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
