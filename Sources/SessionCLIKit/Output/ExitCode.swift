/// The tool's exit statuses, from sysexits(3) where one fits.
package enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 64
    case badData = 65
    case unavailable = 69
    case software = 70
    case ioError = 74
    case busy = 75
    case badProtocol = 76
    case noPermission = 77
    case interrupted = 130

    /// What the status means, as the help text and the CLI reference list
    /// it: every place the tool exits with it, in a few words.
    package var meaning: String {
        switch self {
        case .success:
            "success; for status: logged in with a session that is usable (unexpired, or refreshable)"
        case .failure:
            "not logged in, or expired for good (status, token, api, kube-credential), or the session's "
                + "secret is missing from the keyring; api: no server in the "
                + "session, or the server answered with an error status, a redirect not followed, or no complete "
                + "answer; setup-git: no session to configure, or git config failed"
        case .usage:
            "usage error: unknown command or option, missing or invalid value or variable, token on argv, "
                + "SESSION_CLI_TOKEN set for login or logout, a provider endpoint that is needed and missing, "
                + "git's input not key=value lines or an unknown git-credential action"
        case .badData:
            "bad data: an invalid token (stdin, the prompt, SESSION_CLI_TOKEN), an empty, corrupt or "
                + "future-version session file, or git's input with a NUL byte or not UTF-8"
        case .unavailable:
            "a server or the identity provider could not be reached in time, the sign-in listener could not "
                + "listen, git could not be run (setup-git), or the keyring could not be used (no session "
                + "D-Bus, no Secret Service, locked, no answer in time), or kept a logout's items"
        case .software:
            "internal error: session-cli-api is missing beside session-cli or cannot run, or a bug"
        case .ioError:
            "I/O error: the store, standard input, the terminal or the output could not be read or written"
        case .busy:
            "try again: the store was busy (SESSION_CLI_LOCK_TIMEOUT), the device code expired, "
                + "the browser did not come back, or the refresh loop guard stopped a refresh"
        case .badProtocol:
            "the identity provider answered in a way OAuth does not allow, or with an OAuth error; "
                + "kube-credential --id-token: the stored ID token is not the provider's"
        case .noPermission:
            "the server rejected the credentials (401/403), the sign-in was denied, or the provider refused "
                + "the refresh"
        case .interrupted:
            "cancelled with Ctrl-C while waiting for the keyring to be unlocked; nothing was changed"
        }
    }
}
