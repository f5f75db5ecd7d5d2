import Foundation
import SessionCLIKit
import SessionCore

/// `status`: show the session and the button. Never writes.
enum StatusCommand {
    static func run(_ invocation: Invocation, context: CommandContext) throws -> ExitCode {
        let usecase = LoginUsecase(repository: context.store, provider: NoLoginProvider())
        let status = try usecase.status()
        let report = StatusReport(
            status: status, storePath: context.store.fileURL.path, showToken: invocation.has("show-token"),
            language: context.language)
        if try context.store.hasInsecurePermissions() {
            Console.error(
                "session-cli: warning: \(context.store.fileURL.path) can be read by other users; "
                    + "run 'chmod 600 \(context.store.fileURL.path)' or log in again")
        }
        Console.out(invocation.has("json") ? report.json() : report.text(style: context.style))
        return status.phase == .loggedIn ? .success : .failure
    }
}
