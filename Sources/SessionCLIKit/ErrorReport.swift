import SessionCore

/// Turns what the library throws into the tool's one-line error and exit code.
public enum ErrorReport {
    public static func cliError(for error: any Error) -> CLIError {
        switch error {
        case let error as CLIError:
            error
        case let error as SessionFileError:
            CLIError(error.description, code: error.isBadData ? .badData : .ioError)
        case let error as AuthTokenError:
            CLIError("invalid token: \(error)", code: .badData)
        default:
            CLIError("unexpected error: \(String(describing: type(of: error)))", code: .software)
        }
    }

    /// Prints `session-cli: <message>` on standard error and returns the exit code.
    public static func report(_ error: any Error) -> ExitCode {
        let cliError = cliError(for: error)
        Console.error("session-cli: \(cliError.message)")
        return cliError.code
    }
}
