import Foundation
import SessionCLIKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

// session-cli-api: the commands of session-cli that need networking (`api`),
// in their own executable so that only they link FoundationNetworking.
// session-cli runs it with the whole command line; it can also be run directly.
signal(SIGPIPE, SIG_IGN)
var status: ExitCode
do {
    status = try await NetworkCommands.run(Array(CommandLine.arguments.dropFirst()))
} catch {
    status = ErrorReport.report(error)
}
exit(ErrorReport.finish(status).rawValue)
