import SessionCore

/// Turns what a command throws into the tool's one-line error and exit
/// code: the one mapping from errors to exit codes. (What the networking
/// library throws is worded where the network service hands it over, as a
/// ``CLIError``.)
package enum ErrorReport {
    /// The tool's error for `error`: its message and exit status.
    package static func cliError(for error: any Error) -> CLIError {
        switch error {
        case let error as CLIError:
            error
        case let error as SessionFileError:
            CLIError(error.description, code: error.isBadData ? .badData : .ioError)
        case let error as StoreBusyError:
            CLIError(error.description, code: .busy)
        case let error as AuthTokenError:
            CLIError("invalid token: \(error)", code: .badData)
        case let error as KeyringError:
            switch error {
            case .missingSecret: CLIError(error.description, code: .failure)
            case .cancelled: CLIError(error.description, code: .interrupted)
            default: CLIError(error.description, code: .unavailable)
            }
        default:
            CLIError("unexpected error: \(String(describing: type(of: error)))", code: .software)
        }
    }

    /// Prints `session-cli: <message>` on standard error and returns the exit code.
    package static func report(_ error: any Error, to console: Console) -> ExitCode {
        let cliError = cliError(for: error)
        console.error("session-cli: \(cliError.message)")
        return cliError.code
    }

    /// The status to exit with: `status`, unless writing the output failed
    /// (a closed pipe, a full disk, `> /dev/full`); then 74, said on standard
    /// error when standard error still works.
    package static func finish(_ status: ExitCode, console: Console) -> ExitCode {
        guard let failure = console.outputFailure else { return status }
        if failure.stream == "standard output" {
            console.error(
                "session-cli: cannot write to standard output: \(failure.reason); the output is incomplete")
        }
        return .ioError
    }
}
