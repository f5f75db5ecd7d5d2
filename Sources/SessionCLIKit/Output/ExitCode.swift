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

    /// What the status means, as `help exit-codes` and the CLI reference
    /// list it: every place the tool exits with it, in a few words.
    package var meaning: MessageKey {
        switch self {
        case .success: .exitSuccess
        case .failure: .exitFailure
        case .usage: .exitUsage
        case .badData: .exitBadData
        case .unavailable: .exitUnavailable
        case .software: .exitSoftware
        case .ioError: .exitIOError
        case .busy: .exitBusy
        case .badProtocol: .exitBadProtocol
        case .noPermission: .exitNoPermission
        case .interrupted: .exitInterrupted
        }
    }
}
