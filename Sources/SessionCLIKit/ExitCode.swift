/// The tool's exit statuses, from sysexits(3) where one fits.
public enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 64
    case badData = 65
    case unavailable = 69
    case software = 70
    case ioError = 74
    case noPermission = 77

    /// What the status means, as the help text and the README list it.
    public var meaning: String {
        switch self {
        case .success: "success; for status: logged in with an unexpired session"
        case .failure:
            "status: logged out or expired; api: not logged in, no server in the session, or an error status"
        case .usage: "usage error: unknown command or option, missing or invalid value, token on argv"
        case .badData: "bad data: invalid token on stdin, corrupt or future-version session file"
        case .unavailable: "the server could not be reached"
        case .software: "broken installation: session-cli-api is missing"
        case .ioError: "the store could not be read or written (permissions, a directory or FIFO in the way)"
        case .noPermission: "the server rejected the credentials (401/403)"
        }
    }
}

/// A failure the tool reports as one line on standard error, then exits with `code`.
///
/// The message never contains a token: it is built from what the tool knows
/// about the failure, not from the input that caused it.
public struct CLIError: Error, Sendable {
    public let message: String
    public let code: ExitCode

    public init(_ message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    static func usage(_ message: String) -> CLIError { CLIError(message, code: .usage) }
}
