import Foundation
import SessionCLIKit

// session-cli-api: the `api` command of session-cli, in its own executable so
// that only this command links FoundationNetworking. session-cli runs it with
// the whole command line; it can also be run directly.
let status: ExitCode
do {
    status = try await APICommand.run(Array(CommandLine.arguments.dropFirst()))
} catch {
    status = ErrorReport.report(error)
}
exit(status.rawValue)
