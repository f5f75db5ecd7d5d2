import Foundation
import SessionCLIKit

// session-cli: parse the command line, run one command, exit with its status.
// Every decision about the session is the library's; see SessionCLI.swift.
//
// The top level is synchronous: `status` and `help` never start the
// concurrency runtime, which would cost start-up time they do not need.
let status: ExitCode
do {
    status = try SessionCLI.run(Array(CommandLine.arguments.dropFirst()))
} catch {
    status = ErrorReport.report(error)
}
exit(status.rawValue)
