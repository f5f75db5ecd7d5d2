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

    /// What the status means, as the help text and the README list it.
    package var meaning: String {
        switch self {
        case .success: "success; for status: logged in with an unexpired session"
        case .failure:
            "status: logged out or expired; api: not logged in, no server in the session, or an error status"
        case .usage: "usage error: unknown command or option, missing or invalid value, token on argv"
        case .badData: "bad data: invalid token on stdin, corrupt or future-version session file"
        case .unavailable: "the server or the identity provider could not be reached"
        case .software: "broken installation: session-cli-api is missing beside session-cli"
        case .ioError:
            "I/O error: the store could not be read or written, or the output could not be written"
        case .busy:
            "try again: the store was busy (SESSION_CLI_LOCK_TIMEOUT), the device code expired, "
                + "or the browser did not come back"
        case .badProtocol: "the identity provider answered in a way OAuth does not allow"
        case .noPermission: "the server rejected the credentials (401/403), or the sign-in was denied"
        }
    }
}
