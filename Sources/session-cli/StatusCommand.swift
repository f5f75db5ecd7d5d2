import Foundation
import SessionCLIKit
import SessionCore

/// `status`: show the session and the button. Never writes.
enum StatusCommand {
    static func run(_ invocation: Invocation, context: CommandContext) throws -> ExitCode {
        let usecase = LoginUsecase(repository: context.store, provider: NoLoginProvider())
        let status = try usecase.status()
        let path = context.store.fileURL.path
        let report = StatusReport(
            status: status, storePath: path, showToken: invocation.has("show-token"),
            language: context.language)
        if try context.store.hasInsecurePermissions() {
            Console.error(
                "session-cli: warning: \(path) can be read by other users; run 'chmod 600 \(path)' or log in again"
            )
        }
        Console.out(invocation.has("json") ? report.json() : report.text(style: context.style))
        return status.phase == .loggedIn ? .success : .failure
    }
}
