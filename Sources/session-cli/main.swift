import Foundation
import SessionCLIKit

// session-cli: parse the command line, run one command, exit with its status.
// Every decision about the session is the library's; see SessionCLI.swift.
let status: ExitCode
do {
    status = try await SessionCLI.run(Array(CommandLine.arguments.dropFirst()))
} catch {
    status = ErrorReport.report(error)
}
exit(status.rawValue)
