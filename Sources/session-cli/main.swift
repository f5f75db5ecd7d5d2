import Foundation
import SessionCLIKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

// session-cli: parse the command line, run one command, exit with its status.
// Every decision about the session is the library's; see SessionCLI.swift.
//
// The top level is synchronous: `status` and `help` never start the
// concurrency runtime, which would cost start-up time they do not need.
//
// SIGPIPE is ignored so that a closed pipe is a write error the tool reports
// (exit 74), the same as a full disk, rather than a silent death.
signal(SIGPIPE, SIG_IGN)
var status: ExitCode
do {
    status = try SessionCLI.run(Array(CommandLine.arguments.dropFirst()))
} catch {
    status = ErrorReport.report(error)
}
exit(ErrorReport.finish(status).rawValue)
